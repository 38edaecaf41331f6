// Prints a receipt alone, whatever page the checkout sits in (the hosted page, a merchant's page with
// the embed or the React component): its rows go into a hidden frame of their own, which is printed,
// then focus goes back to the control that asked. The frame stays until the next print or until the
// receipt goes (its owner removes it): some browsers print after print() has returned.
// Styled through the CSSOM, which a page's Content-Security-Policy allows (no <style>, no style
// attribute in markup).

export interface PrintedReceipt {
  title: string;
  rows: readonly { term: string; text: string }[];
  /** The document's language (the checkout's). */
  lang: string;
}

export function printReceipt(from: HTMLElement, receipt: PrintedReceipt): HTMLIFrameElement {
  const owner = from.ownerDocument;
  owner.querySelectorAll('iframe[data-rc-receipt]').forEach((f) => f.remove());
  const frame = owner.createElement('iframe');
  frame.dataset.rcReceipt = '';
  frame.title = receipt.title;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  Object.assign(frame.style, {
    position: 'fixed',
    right: '0',
    bottom: '0',
    width: '0',
    height: '0',
    border: '0',
  });
  owner.body.append(frame);
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  if (!doc || !win) return frame;
  doc.documentElement.lang = receipt.lang;
  doc.title = receipt.title;
  Object.assign(doc.body.style, { font: '12pt/1.5 system-ui, sans-serif', margin: '2cm', color: '#000' });
  const heading = doc.createElement('h1');
  heading.textContent = receipt.title;
  heading.style.fontSize = '16pt';
  const list = doc.createElement('dl');
  Object.assign(list.style, { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4pt 16pt' });
  for (const row of receipt.rows) {
    const term = doc.createElement('dt');
    term.textContent = row.term;
    term.style.fontWeight = '600';
    const value = doc.createElement('dd');
    value.textContent = row.text;
    Object.assign(value.style, { margin: '0', overflowWrap: 'anywhere' });
    list.append(term, value);
  }
  doc.body.append(heading, list);
  win.focus();
  win.print();
  from.focus();
  return frame;
}
