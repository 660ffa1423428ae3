import { csvText } from './csv';
import { parseJsonText } from './input-rules';
import {
  ACTIVITY_TEXTS,
  type Activity,
  type ActivityExport,
  activityImportSchema,
} from './schemas/activities';

/** The formula guard moved to ./csv.ts, which every export shares. */
export { guardFormula } from './csv';

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
 * Every transcription of the activity, in configuration order: one row per message, and one row
 * holding the link for a LEIA whose transcription is a link, written as every export is (./csv.ts).
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
  return csvText(CSV_COLUMNS, rows);
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
