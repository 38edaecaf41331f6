// Getting the CSV to the user: a Blob download by default (it works everywhere, automation
// included), or a file the user picks, written page by page, where the browser offers that.

interface SaveFilePickerOptions {
  suggestedName?: string;
  types?: { description: string; accept: Record<string, string[]> }[];
}
type SaveFilePicker = (o?: SaveFilePickerOptions) => Promise<FileSystemFileHandle>;

const savePicker = (): SaveFilePicker | undefined =>
  typeof window === 'undefined'
    ? undefined
    : (window as unknown as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;

/** The browser can write to a file the user picks (File System Access API). */
export const canPickFile = (): boolean => typeof savePicker() === 'function';

/** Asks where to save; undefined when the user dismissed the picker. */
export async function pickCsvFile(suggestedName: string): Promise<FileSystemWritableFileStream | undefined> {
  const pick = savePicker();
  if (!pick) throw new Error('This browser cannot save to a chosen file');
  try {
    const handle = await pick.call(window, {
      suggestedName,
      types: [{ description: 'CSV file', accept: { 'text/csv': ['.csv'] } }],
    });
    return await handle.createWritable();
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') return undefined;
    throw e;
  }
}

/** Hands a Blob to the browser's downloads under `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started reading the Blob; keep the URL a while for slow starts, then free it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
