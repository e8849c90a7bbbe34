import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonForScript, webShell } from './web-shell';

const dir = mkdtempSync(path.join(tmpdir(), 'tapat-shell-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('jsonForScript', () => {
  it('cannot close the script element or open a comment, and reads back unchanged', () => {
    const hostile = { name: '</script><script>alert(1)</script>', note: '<!-- & -->', lines: 'a\u2028b\u2029c' };
    const text = jsonForScript(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(hostile);
  });
});

describe('webShell', () => {
  it('puts the configuration in a JSON script element before </head>', () => {
    const file = path.join(dir, 'index.html');
    writeFileSync(file, '<!doctype html><html><head><title>T</title></head><body><div id="root"></div></body></html>');
    const html = webShell(file)({ company: { companyName: 'A </script> B' }, product: { version: 3 } });
    const match = /<script id="tapat-config" type="application\/json">([^<]*)<\/script><\/head>/.exec(html);
    expect(match).not.toBeNull();
    expect(JSON.parse(match![1]!)).toEqual({ company: { companyName: 'A </script> B' }, product: { version: 3 } });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('refuses an index.html without a head', () => {
    const file = path.join(dir, 'bare.html');
    writeFileSync(file, '<div id="root"></div>');
    expect(() => webShell(file)).toThrow(/no <\/head>/);
  });
});
