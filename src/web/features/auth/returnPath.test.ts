import { describe, expect, it } from 'vitest';
import { returnPath } from './returnPath';

const from = (pathname: string, search = '', hash = '') => ({ from: { pathname, search, hash } });

describe('returnPath', () => {
  it('lands staff on /admin and members on /dash when nothing was remembered', () => {
    expect(returnPath(undefined, 'OFFICER')).toBe('/admin');
    expect(returnPath(null, 'ADMIN')).toBe('/admin');
    expect(returnPath({}, 'MEMBER')).toBe('/dash');
    expect(returnPath(from('/login'), 'OFFICER')).toBe('/admin');
  });

  it('returns to the remembered page when the role may open it', () => {
    expect(returnPath(from('/wallet', '?x=1', '#h'), 'MEMBER')).toBe('/wallet?x=1#h');
    expect(returnPath(from('/admin/withdrawals'), 'OFFICER')).toBe('/admin/withdrawals');
    expect(returnPath(from('/about'), 'ADMIN')).toBe('/about');
  });

  it("never sends a person to the other role's area", () => {
    expect(returnPath(from('/dash'), 'OFFICER')).toBe('/admin');
    expect(returnPath(from('/settings'), 'ADMIN')).toBe('/admin');
    expect(returnPath(from('/admin'), 'MEMBER')).toBe('/dash');
    expect(returnPath(from('/admin/loans/1'), 'MEMBER')).toBe('/dash');
  });

  it('accepts only paths inside this app', () => {
    expect(returnPath(from('//evil.example/x'), 'MEMBER')).toBe('/dash');
    expect(returnPath(from('https://evil.example'), 'OFFICER')).toBe('/admin');
  });
});
