import { renderToStaticMarkup } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { renderIn } from '../lib/render-for-tests';
import { en } from '../../shared/i18n/en';
import { FormTextField } from './FormTextField';
import { LineIcon } from './LineIcon';

interface Place {
  province: string;
  town: string;
}

function PlaceForm({ townError }: { readonly townError?: string }) {
  const form = useForm<Place>({
    defaultValues: { province: 'Cebu', town: '' },
    ...(townError ? { errors: { town: { type: 'zod', message: townError } } } : {}),
  });
  return (
    <>
      <FormTextField form={form} name="province" label="Province" maxLength={80} />
      <FormTextField form={form} name="town" label="Town" autoComplete="address-level2" />
    </>
  );
}

function render(townError?: string): Promise<string> {
  return renderIn(<PlaceForm {...(townError ? { townError } : {})} />);
}

describe('FormTextField', () => {
  it("registers the field under its name with the caller's attributes", async () => {
    const html = await render();
    expect(html).toMatch(/<input [^>]*name="province"[^>]*>/);
    expect(html).toMatch(/<input [^>]*maxlength="80"[^>]*name="province"|<input [^>]*name="province"[^>]*maxlength="80"/);
    expect(html).toMatch(/<input [^>]*autocomplete="address-level2"/);
    expect(html).not.toContain('role="alert"');
  });

  it("shows the field's own error from the form state (an i18n key), marked invalid, and no other field's", async () => {
    const html = await render('validation.required');
    expect(html).toMatch(new RegExp(`role="alert"[^>]*>${en.validation.required}</p>`));
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(1);
    expect(html).toMatch(/<input [^>]*aria-invalid="true"[^>]*name="town"|<input [^>]*name="town"[^>]*aria-invalid="true"/);
  });
});

describe('LineIcon', () => {
  it('an outlined icon hidden from assistive technology, one path or the given shapes', () => {
    const one = renderToStaticMarkup(<LineIcon d="M3 3h18" strokeWidth={1.8} className="h-5 w-5" testName="home" />);
    expect(one).toMatch(/^<svg [^>]*aria-hidden="true"/);
    expect(one).toContain('stroke-width="1.8"');
    expect(one).toContain('data-icon="home"');
    expect(one).toContain('<path d="M3 3h18"></path>');
    const shapes = renderToStaticMarkup(
      <LineIcon>
        <circle cx="12" cy="12" r="4" />
      </LineIcon>,
    );
    expect(shapes).toContain('<circle cx="12" cy="12" r="4"></circle>');
    expect(shapes).not.toContain('<path');
  });
});
