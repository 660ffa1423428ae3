/** A file the browser downloads: its name, its text and its media type. */
export interface ExportFile {
  fileName: string;
  content: string;
  type: string;
}

/** Saves text as a file through the browser's download. */
export function downloadFile({ fileName, content, type }: ExportFile) {
  const url = URL.createObjectURL(new Blob([content], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
