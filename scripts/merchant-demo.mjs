// A stand-in merchant site on another origin, for the script-tag embed demo and its e2e test.
// Serves public/demo/ with a strict CSP that allows only the checkout's origin, the way a merchant would.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const port = Number(process.env.PORT ?? 8788);
const checkoutOrigin = process.env.CHECKOUT_ORIGIN ?? 'http://127.0.0.1:8787';
const root = join(import.meta.dirname, '..', 'public', 'demo');
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

const csp = [
  "default-src 'self'",
  `script-src 'self' ${checkoutOrigin}`,
  `connect-src 'self' ${checkoutOrigin}`,
  `img-src 'self' data: ${checkoutOrigin}`,
  "style-src 'self'",
  `frame-src ${checkoutOrigin}`,
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const rel = normalize(url.pathname === '/' ? '/merchant.html' : url.pathname).replace(/^(\.\.[/\\])+/, '');
  try {
    // The page loads the checkout from its own origin; here the checkout lives on another one.
    const body = (await readFile(join(root, rel), 'utf8')).replaceAll(
      'src="/ramp-checkout.js"',
      `src="${checkoutOrigin}/ramp-checkout.js"`,
    );
    res.writeHead(200, {
      'Content-Type': types[extname(rel)] ?? 'text/plain',
      'Content-Security-Policy': csp,
    });
    res.end(body);
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  }
}).listen(port, () =>
  console.log(`merchant demo on http://localhost:${port}/ (checkout at ${checkoutOrigin})`),
);
