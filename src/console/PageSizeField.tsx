import { DEFAULT_PAGE_SIZE, PAGE_SIZES, isPageSize } from './urlState';

/** The "Page size" select of every filter form; its value is read from the form as `limit`. */
export function PageSizeField({ id, value }: { id: string; value: number }) {
  return (
    <div className="rc-field-control">
      <label htmlFor={id}>Page size</label>
      <select id={id} name="limit" defaultValue={String(value)}>
        {PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The page size a submitted filter form asks for. */
export function pageSizeOf(data: FormData): number {
  const n = Number(data.get('limit'));
  return isPageSize(n) ? n : DEFAULT_PAGE_SIZE;
}
