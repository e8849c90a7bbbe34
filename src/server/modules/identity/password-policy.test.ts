import { describe, expect, it } from 'vitest';
import { boundedEditDistance, isPasswordAcceptable } from './password-policy';

describe('boundedEditDistance', () => {
  it('computes small distances and stops early past the bound', () => {
    expect(boundedEditDistance('password', 'password', 2)).toBe(0);
    expect(boundedEditDistance('passwrod', 'password', 2)).toBe(2);
    expect(boundedEditDistance('password1', 'password', 2)).toBe(1);
    expect(boundedEditDistance('kitten', 'sitting', 5)).toBe(3);
    expect(boundedEditDistance('abcdefgh', 'zyxwvuts', 2)).toBe(3);
    expect(boundedEditDistance('abc', 'abcdefgh', 2)).toBe(3);
    expect(boundedEditDistance('', '', 2)).toBe(0);
  });
});

describe('password policy', () => {
  const person = ['Juan Dela Cruz', 'juan.delacruz@example.com', '+639171234567'];
  it.each(['password', 'Password123!', '12345678', 'iloveyou1', 'passwrod12', 'qwertyuiop', 'aaaaaaaa', 'juandelacruz', 'JuanDelaCruz1', '9171234567'])(
    'refuses %s',
    (p) => expect(isPasswordAcceptable(p, person)).toBe(false),
  );
  it.each(['Sampaguita-Ube-2026', 'Maynila#Bukas9', 'Kx9#mQ2v', 'correct horse battery staple', 'Bagong-Tahanan-88'])('accepts %s', (p) =>
    expect(isPasswordAcceptable(p, person)).toBe(true),
  );
  it('answers a 64-character password quickly', () => {
    const t0 = performance.now();
    isPasswordAcceptable(`Kx9#mQ2v ${'Tz7!'.repeat(13)}sq4`, person);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
