import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Cell, Row, Table } from './Table';

const columns = [{ label: 'Reference' }, { label: 'Amount', align: 'right' as const }];

describe('Table', () => {
  it('a caption for screen readers from the label, or a visible one', () => {
    const hidden = renderToStaticMarkup(<Table label="Withdrawals" columns={columns} />);
    expect(hidden).toContain('<caption class="sr-only">Withdrawals</caption>');
    const shown = renderToStaticMarkup(<Table label="Withdrawals" caption="Today's withdrawals" columns={columns} />);
    expect(shown).toMatch(/<caption class="[^"]*font-semibold[^"]*">Today's withdrawals<\/caption>/);
    expect(shown).toContain('aria-label="Withdrawals"');
  });

  it('nothing to list: one row across every column with the empty text, not the rows', () => {
    const html = renderToStaticMarkup(
      <Table label="Charges" columns={columns} empty emptyText="No late charges.">
        <Row>
          <Cell>never shown</Cell>
        </Row>
      </Table>,
    );
    expect(html).toMatch(/<tbody><tr><td colspan="2" class="[^"]*text-muted">No late charges.<\/td><\/tr><\/tbody>/);
    expect(html).not.toContain('never shown');
  });

  it("rows and cells pass data attributes and colSpan through; a plain table's cells are tighter and it has no box", () => {
    const html = renderToStaticMarkup(
      <Table label="Schedule" look="plain" columns={columns} minWidth="min-w-[40rem]" className="hidden sm:block">
        <Row testId="line-1" data-reference="W-1">
          <Cell colSpan={2} align="right">
            ₱1.00
          </Cell>
        </Row>
      </Table>,
    );
    expect(html).toMatch(/<tr data-testid="line-1" data-reference="W-1" class="border-b [^"]*">/);
    expect(html).toMatch(/<td colspan="2" class="px-2 py-1 text-right tabular-nums [^"]*">₱1.00<\/td>/);
    expect(html).toMatch(/^<div role="region" aria-label="Schedule" tabindex="0" class="overflow-x-auto +hidden sm:block">/);
    expect(html).not.toContain('rounded-xl');
    expect(html).toContain('min-w-[40rem]');
    const boxed = renderToStaticMarkup(
      <Table label="Queue" columns={columns}>
        <Row>
          <Cell>x</Cell>
        </Row>
      </Table>,
    );
    expect(boxed).toContain('rounded-xl border');
    expect(boxed).toMatch(/<td class="px-3 py-2 /);
  });
});
