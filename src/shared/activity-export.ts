// The browser build: the Node one needs Buffer, which the screen's bundle has not.
import { stringify } from 'csv-stringify/browser/esm/sync';
import { parseJsonText } from './input-rules';
import {
  ACTIVITY_TEXTS,
  type Activity,
  type ActivityExport,
  activityImportSchema,
} from './schemas/activities';

/**
 * An activity written out for keeping and for research: as JSON that POST
 * /api/v1/experiments/import reads back (round trip), and its transcriptions as CSV, one row per
 * message (or per link). Shared so the screen's download buttons and the API's export calls write the same bytes.
 */

/** The export of a populated activity (each configuration's LEIA an object with name and version). */
export function activityExport(activity: Activity): ActivityExport {
  return {
    format: 'leia-activity',
    version: 1,
    name: activity.name,
    leias: activity.leias.map((config) => {
      const leia =
        typeof config.leia === 'string'
          ? { id: config.leia, name: '', version: '' }
          : { id: config.leia.id, name: config.leia.metadata.name, version: config.leia.metadata.version };
      return {
        leia,
        configuration: config.configuration,
        ...(config.transcription && { transcription: config.transcription }),
      };
    }),
  };
}

export const CSV_COLUMNS = ['activity', 'leia', 'position', 'speaker', 'timestamp', 'text', 'link'] as const;
export const CSV_SPEAKERS = { leia: 'LEIA', interviewer: 'Interviewer' } as const;

/**
 * The formula guard: a spreadsheet runs a cell that starts with = + - @ (or a tab or CR before
 * one), so such a start gets an apostrophe. A spreadsheet may also split on ';' (many locales) and
 * ignore quotes that do not open a field, so a cell's text after a ';' or a line break can start a
 * cell of its own there: those starts are guarded too. Spaces and quotes before the character do
 * not hide it.
 */
export const guardFormula = (text: string): string =>
  text.replace(/(?<=^|[;\r\n])([ "]*)(?=[=+\-@\t\r])/g, "$1'");

/**
 * Every transcription of the activity, in configuration order: one row per message, and one row
 * holding the link for a LEIA whose transcription is a link. RFC 4180 (csv-stringify) with CRLF
 * line ends; every cell holding a ',' or a ';' is quoted, whichever one a spreadsheet splits on.
 */
export function transcriptionsCsv(activity: Activity): string {
  const rows: Array<Array<string | number>> = [];
  activity.leias.forEach((config, index) => {
    const name = typeof config.leia === 'string' ? config.leia : config.leia.metadata.name;
    const leia = name || `LEIA ${index + 1}`;
    const data = config.configuration.data;
    if (data?.link) rows.push([activity.name, leia, '', '', '', '', data.link]);
    data?.messages?.forEach((message, position) => {
      rows.push([
        activity.name,
        leia,
        position + 1,
        message.isLeia ? CSV_SPEAKERS.leia : CSV_SPEAKERS.interviewer,
        message.timestamp,
        message.text,
        '',
      ]);
    });
  });
  return stringify([[...CSV_COLUMNS], ...rows], {
    record_delimiter: 'windows',
    eof: true,
    quoted_match: /[,;]/,
    cast: { string: guardFormula },
  });
}

/**
 * An exported activity file read back: JSON under the input rule, then the import's schema (the
 * rules of an edit, as the server applies them). The error names what is wrong (the first problem,
 * with its path), as the server's 400 would.
 */
export function parseActivityExport(
  text: string,
): { ok: true; value: ActivityExport } | { ok: false; error: string } {
  const json = parseJsonText(text);
  if (!json.ok) return json;
  const file = json.value as Partial<Record<'format' | 'version', unknown>> | null;
  // Some other JSON file: say what this one is not, rather than its first odd field.
  if (typeof file !== 'object' || file === null || file.format !== 'leia-activity' || file.version !== 1)
    return { ok: false, error: ACTIVITY_TEXTS.importFormat };
  const parsed = activityImportSchema.safeParse(file);
  if (parsed.success) return { ok: true, value: parsed.data };
  const [issue] = parsed.error.issues;
  const path = issue?.path.join('.');
  return {
    ok: false,
    error: path ? `${path}: ${issue?.message}` : (issue?.message ?? ACTIVITY_TEXTS.importFormat),
  };
}
