import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Card, Item } from './Card';
import { Notice } from './Notice';
import { Cell, Row, Table } from './Table';

describe('the ui primitives', () => {
  it('Notice: an error is read out at once, info and warning are notes, a role may be given', () => {
    expect(renderToStaticMarkup(<Notice tone="error">No</Notice>)).toContain('role="alert"');
    expect(renderToStaticMarkup(<Notice tone="warning">Careful</Notice>)).toContain('role="note"');
    expect(renderToStaticMarkup(<Notice tone="info">Know this</Notice>)).toContain('role="note"');
    const standing = renderToStaticMarkup(
      <Notice tone="error" role="note" strong testId="conflict">
        Not yours
      </Notice>,
    );
    expect(standing).toContain('role="note"');
    expect(standing).toContain('font-semibold');
    expect(standing).toContain('data-testid="conflict"');
  });

  it('Table: a labelled, keyboard-reachable region with column headers and right-aligned amounts', () => {
    const html = renderToStaticMarkup(
      <Table label="Applications" minWidth="min-w-[44rem]" columns={[{ label: 'Number' }, { label: 'Amount', align: 'right' }]} testId="queue">
        <Row>
          <Cell>TL-1</Cell>
          <Cell align="right">₱1.00</Cell>
        </Row>
      </Table>,
    );
    expect(html).toMatch(/role="region" aria-label="Applications" tabindex="0"/);
    expect(html).toContain('min-w-[44rem]');
    expect(html).toContain('data-testid="queue"');
    expect(html.match(/<th scope="col"/g)).toHaveLength(2);
    expect(html).toMatch(/<th scope="col" class="px-3 py-2 text-right">Amount<\/th>/);
    expect(html).toMatch(/<td class="px-3 py-2 text-right tabular-nums[^"]*">₱1.00<\/td>/);
  });

  it('Card: a titled section with label and value pairs', () => {
    const html = renderToStaticMarkup(
      <Card title="Member">
        <dl>
          <Item label="Phone">+639171234567</Item>
        </dl>
      </Card>,
    );
    expect(html).toMatch(/^<section[^>]*><h2[^>]*>Member<\/h2><dl><div><dt[^>]*>Phone<\/dt><dd[^>]*>\+639171234567<\/dd><\/div><\/dl><\/section>$/);
    expect(renderToStaticMarkup(<Card>plain</Card>)).not.toContain('<h2');
  });
});
