import { describe, expect, it } from 'vitest';
import { isHttpsUrl, safeHref } from './links';

const HOSTILE = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'http://www.facebook.com/tapat',
  'https:alert(1)',
  'https:/www.facebook.com/tapat',
  '//evil.example.com',
  '/relative/path',
  'https://user:pass@evil.example.com/',
  'ftp://files.example.com/',
  'mailto:support@example.com',
  '',
];

describe('isHttpsUrl', () => {
  it.each(HOSTILE)('refuses %j', (value) => {
    expect(isHttpsUrl(value)).toBe(false);
  });

  it.each(['https://www.facebook.com/tapat', 'https://www.sec.gov.ph/lending-companies-and-financing-companies-2/', 'HTTPS://example.com/x?y=1#z'])(
    'accepts %s',
    (value) => {
      expect(isHttpsUrl(value)).toBe(true);
    },
  );
});

describe('safeHref', () => {
  it.each(HOSTILE)('renders no link for %j', (value) => {
    expect(safeHref(value)).toBeNull();
  });

  it('keeps an https address as it is', () => {
    expect(safeHref('https://www.tiktok.com/@tapat')).toBe('https://www.tiktok.com/@tapat');
  });

  it('builds mailto: and tel: only where the field allows them, from a bare address or number', () => {
    expect(safeHref('support@example.com', ['mailto'])).toBe('mailto:support@example.com');
    expect(safeHref('support@example.com')).toBeNull();
    expect(safeHref('javascript:alert(1)//@x.com', ['mailto'])).toBeNull();
    expect(safeHref('+639171234567', ['tel'])).toBe('tel:+639171234567');
    expect(safeHref('+639171234567')).toBeNull();
    expect(safeHref(null)).toBeNull();
  });
});
