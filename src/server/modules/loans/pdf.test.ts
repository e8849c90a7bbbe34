import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { winAnsi } from './pdf';

describe('the PDFs’ standard font and Filipino text', () => {
  it('keeps ñ and Ñ (Filipino names and places) and drops only what WinAnsi cannot draw', async () => {
    const text = 'Señora Ñino Peñafrancia, Parañaque: ₱1,000 – “bayad”';
    const drawn = winAnsi(text);
    expect(drawn).toBe('Señora Ñino Peñafrancia, Parañaque: PHP 1,000 - "bayad"');
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(() => font.encodeText(drawn)).not.toThrow();
  });
});
