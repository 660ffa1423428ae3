import { downloadFile } from '@client/download';
import { activityExport, transcriptionsCsv } from '@shared/activity-export';
import type { Activity } from '@shared/schemas/activities';

export type ActivityExportFormat = 'json' | 'csv';

/** A file name from the activity's name: letters, digits and dashes. */
const baseName = (activity: Activity) =>
  activity.name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '') || activity.id;

/**
 * Downloads the activity as JSON (what POST /experiments/import reads back) or its transcriptions
 * as CSV, built from the activity on screen by the same functions the API's export calls use.
 */
export function downloadActivity(activity: Activity, format: ActivityExportFormat) {
  if (format === 'json') {
    downloadFile({
      fileName: `${baseName(activity)}.json`,
      content: `${JSON.stringify(activityExport(activity), null, 2)}\n`,
      type: 'application/json',
    });
  } else {
    downloadFile({
      fileName: `${baseName(activity)}-transcriptions.csv`,
      content: transcriptionsCsv(activity),
      type: 'text/csv',
    });
  }
}
