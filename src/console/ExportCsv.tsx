import { useEffect, useId, useRef, useState } from 'react';
import { paginate } from '../api/pagination';
import type { ConsoleApi } from './consoleApi';
import { canPickFile, downloadBlob, pickCsvFile } from './download';
import { loadErrorText } from './errorText';
import { fileSink, memorySink, writeCsv, type CsvSink, type ExportProgress } from './exportCsv';
import type { Listing } from './listings';

/** The largest page the listings serve: fewest round trips for a full export. */
const EXPORT_PAGE_SIZE = 100;

type ExportState =
  | { phase: 'idle' }
  | ({ phase: 'running' } & ExportProgress)
  | ({ phase: 'done'; fileName: string } & ExportProgress)
  | { phase: 'cancelled' }
  | { phase: 'failed'; message: string };

export interface ExportCsvProps<F extends { limit: number }, T extends { key?: string }> {
  listing: Listing<F, T>;
  api: ConsoleApi;
  filters: F;
}

const progressText = (p: ExportProgress) =>
  `Exported ${p.written}${p.total === undefined ? '' : ` of ${p.total}`}`;

/** Exports every record of the current filter (all pages, not only the visible one) as CSV. */
export function ExportCsv<F extends { limit: number }, T extends { key?: string }>({
  listing,
  api,
  filters,
}: ExportCsvProps<F, T>) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const [choose, setChoose] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const chooseId = useId();

  // Leaving the view stops a running export.
  useEffect(() => () => controller.current?.abort(), []);

  async function run() {
    const fileName = listing.fileName(filters);
    let sink: CsvSink;
    let memory: ReturnType<typeof memorySink> | undefined;
    if (choose && canPickFile()) {
      let writable: FileSystemWritableFileStream | undefined;
      try {
        writable = await pickCsvFile(fileName);
      } catch (e) {
        setState({ phase: 'failed', message: loadErrorText(e) });
        return;
      }
      if (!writable) return;
      sink = fileSink(writable);
    } else {
      memory = memorySink();
      sink = memory;
    }
    const ctl = new AbortController();
    controller.current = ctl;
    setState({ phase: 'running', written: 0 });
    try {
      const pages = paginate(
        (cursor) => listing.fetchPage(api, { ...filters, limit: EXPORT_PAGE_SIZE }, cursor, ctl.signal),
        { signal: ctl.signal },
      );
      const result = await writeCsv(pages, listing.csv, sink, (p) => setState({ phase: 'running', ...p }));
      if (memory) downloadBlob(memory.blob(), fileName);
      setState({ phase: 'done', fileName, ...result });
    } catch (e) {
      setState(ctl.signal.aborted ? { phase: 'cancelled' } : { phase: 'failed', message: loadErrorText(e) });
    } finally {
      if (controller.current === ctl) controller.current = null;
    }
  }

  const running = state.phase === 'running';
  return (
    <div className="rc-export">
      <div className="rc-export-actions">
        {running ? (
          <button type="button" className="rc-button" onClick={() => controller.current?.abort()}>
            Cancel export
          </button>
        ) : (
          <button type="button" className="rc-button" onClick={() => void run()}>
            Export CSV
          </button>
        )}
        {canPickFile() && (
          <span className="rc-check">
            <input
              id={chooseId}
              type="checkbox"
              checked={choose}
              disabled={running}
              onChange={(e) => setChoose(e.target.checked)}
            />
            <label htmlFor={chooseId}>Choose where to save</label>
          </span>
        )}
      </div>
      <div className="rc-export-status" role="status">
        {state.phase === 'running' && (
          <>
            <progress
              aria-label="Export progress"
              value={state.written}
              max={state.total === undefined ? undefined : Math.max(state.total, 1)}
            />{' '}
            {progressText(state)}
          </>
        )}
        {state.phase === 'done' &&
          `${progressText(state)} ${(state.total ?? state.written) === 1 ? listing.noun.one : listing.noun.other}, saved as ${state.fileName}.`}
        {state.phase === 'cancelled' && 'Export cancelled.'}
      </div>
      {state.phase === 'failed' && (
        <p className="rc-alert" role="alert">
          The export stopped: {state.message}
        </p>
      )}
    </div>
  );
}
