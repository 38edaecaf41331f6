// Streams a whole listing into CSV, one page at a time, so an export of thousands of records never
// holds more than one page of records (the memory sink holds text chunks, the file sink not even that).
import type { Page } from '../api/types';
import { csvHeader, csvRows, type CsvColumn } from './csv';

/** Where the CSV text goes: a file the user picked, or memory for a Blob download. */
export interface CsvSink {
  write(chunk: string): Promise<void>;
  close(): Promise<void>;
  /** Discards what was written (the export failed or was cancelled). */
  abort(reason?: unknown): Promise<void>;
}

export interface ExportProgress {
  written: number;
  /** The listing's total, when it says (totalCount of the first page). */
  total?: number;
}

/** Makes spreadsheet programs read the file as UTF-8. */
export const UTF8_BOM = '\uFEFF';

/**
 * Writes the header, then each page's rows as soon as the page arrives. Closes the sink when the
 * pages end; on any failure (a page request, a cancelled signal) aborts it and rethrows.
 */
export async function writeCsv<T>(
  pages: AsyncIterable<Page<T>>,
  columns: readonly CsvColumn<T>[],
  sink: CsvSink,
  onProgress?: (p: ExportProgress) => void,
): Promise<ExportProgress> {
  const progress: ExportProgress = { written: 0 };
  try {
    await sink.write(UTF8_BOM + csvHeader(columns));
    for await (const page of pages) {
      if (progress.total === undefined && page.totalCount !== undefined) progress.total = page.totalCount;
      await sink.write(csvRows(page.items, columns));
      progress.written += page.items.length;
      onProgress?.({ ...progress });
    }
    await sink.close();
    return progress;
  } catch (e) {
    await sink.abort(e).catch(() => undefined);
    throw e;
  }
}

/** Collects the chunks; `blob()` joins them without copying them into one string first. */
export function memorySink(): CsvSink & { blob(): Blob } {
  let chunks: string[] = [];
  let closed = false;
  return {
    write: async (chunk) => {
      chunks.push(chunk);
    },
    close: async () => {
      closed = true;
    },
    abort: async () => {
      chunks = [];
    },
    blob: () => {
      if (!closed) throw new Error('The export has not finished');
      return new Blob(chunks, { type: 'text/csv;charset=utf-8' });
    },
  };
}

/** A sink over a file the user picked (File System Access API). */
export function fileSink(writable: FileSystemWritableFileStream): CsvSink {
  return {
    write: (chunk) => writable.write(chunk),
    close: () => writable.close(),
    abort: (reason) => writable.abort(reason),
  };
}
