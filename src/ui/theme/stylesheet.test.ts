// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptWidgetStyles, widgetCss } from './stylesheet';

afterEach(() => {
  document.head.replaceChildren();
  vi.unstubAllGlobals();
});

describe('adoptWidgetStyles', () => {
  it('falls back to one <style> per root where constructable stylesheets are missing', () => {
    adoptWidgetStyles(document, { nonce: 'abc' });
    adoptWidgetStyles(document);
    const styles = document.head.querySelectorAll('style[data-rc-styles]');
    expect(styles).toHaveLength(1);
    expect(styles[0]!.textContent).toBe(widgetCss);
    expect((styles[0] as HTMLStyleElement).nonce).toBe('abc');

    const host = document.createElement('div');
    const shadow = host.attachShadow({ mode: 'open' });
    adoptWidgetStyles(shadow);
    adoptWidgetStyles(shadow);
    expect(shadow.querySelectorAll('style[data-rc-styles]')).toHaveLength(1);
  });

  it('adopts a constructable stylesheet once per root, keeping the root’s other sheets', () => {
    const replaceSync = vi.fn();
    class FakeSheet {
      replaceSync(text: string) {
        replaceSync(text);
      }
    }
    vi.stubGlobal('CSSStyleSheet', FakeSheet);
    const other = new FakeSheet();
    const root = { adoptedStyleSheets: [other] } as unknown as ShadowRoot;
    adoptWidgetStyles(root);
    adoptWidgetStyles(root);
    expect(root.adoptedStyleSheets).toHaveLength(2);
    expect(root.adoptedStyleSheets[0]).toBe(other);
    expect(replaceSync).toHaveBeenCalledExactlyOnceWith(widgetCss);
  });

  it('adopts again if the host removed the sheet', () => {
    vi.stubGlobal(
      'CSSStyleSheet',
      class {
        replaceSync() {}
      },
    );
    const root = { adoptedStyleSheets: [] } as unknown as ShadowRoot;
    adoptWidgetStyles(root);
    root.adoptedStyleSheets = [];
    adoptWidgetStyles(root);
    expect(root.adoptedStyleSheets).toHaveLength(1);
  });
});
