// The reference server: node:http and nothing else, answering one body from memory.
// What the machine can do for a request at best; the shop's figures are compared with it.
// ONLY_ROOT=1: any other path than / is a 404 (the Lighthouse reference page).
import fs from 'node:fs';
import http from 'node:http';

const body = fs.readFileSync(process.env.BODY_FILE);
const contentType = process.env.CONTENT_TYPE;
// CONTENT_ENCODING: the body is already compressed so (the shop's rendered page, bench/pages.mjs).
const encoding = process.env.CONTENT_ENCODING
  ? { 'content-encoding': process.env.CONTENT_ENCODING, vary: 'Accept-Encoding' }
  : {};
const onlyRoot = process.env.ONLY_ROOT === '1';

http
  .createServer((request, response) => {
    if (onlyRoot && request.url !== '/') {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not found');
      return;
    }
    response.writeHead(200, {
      'content-type': contentType,
      'content-length': body.length,
      ...encoding,
    });
    response.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
