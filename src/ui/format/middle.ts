// A long identifier shortened in its middle ("0x5aAe…BeAed"): its ends are what people compare.

/** `text` with its middle replaced by "…" when longer than `head + tail + 1` characters. */
export function shortenMiddle(text: string, head = 6, tail = 6): string {
  const chars = [...text];
  if (chars.length <= head + tail + 1) return text;
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - tail).join('')}`;
}
