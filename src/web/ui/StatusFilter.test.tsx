import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DELETION_STATUSES } from '../../shared/states/deletion';
import { EXTENSION_STATUSES } from '../../shared/states/extension';
import { pickStatus, StatusFilter } from './StatusFilter';

const text = (s: string) => `«${s}»`;

describe('StatusFilter', () => {
  it('a labelled select: "all" first, then the state machine\'s statuses in order, the value selected', () => {
    const html = renderToStaticMarkup(
      <StatusFilter label="Status" statuses={DELETION_STATUSES} value="COMPLETED" onChange={() => undefined} allText="All" optionText={text} testId="f" />,
    );
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Status<\/label><select id="\1"/);
    const options = [...html.matchAll(/<option( selected)? value(?:="([^"]*)")?>([^<]*)<\/option>/g)].map((m) => [m[2] ?? '', m[3], Boolean(m[1])]);
    expect(options).toEqual([['', 'All', false], ...DELETION_STATUSES.map((s) => [s, text(s), s === 'COMPLETED'])]);
    expect(html).toContain('data-testid="f"');
  });

  it('without "all": only the statuses', () => {
    const html = renderToStaticMarkup(
      <StatusFilter label="Filter" statuses={EXTENSION_STATUSES} value="REQUESTED" onChange={() => undefined} optionText={text} />,
    );
    expect(html.match(/<option /g)).toHaveLength(EXTENSION_STATUSES.length);
    expect(html).not.toMatch(/value(="")?>/);
  });

  it('segmented: a named group of toggle buttons, the chosen one pressed', () => {
    const html = renderToStaticMarkup(
      <StatusFilter
        variant="segmented"
        label="Days past due"
        statuses={['D1_30', 'OVER_90'] as const}
        value=""
        onChange={() => undefined}
        allText="All"
        optionText={text}
      />,
    );
    expect(html).toMatch(/^<div role="group" aria-label="Days past due"/);
    const buttons = [...html.matchAll(/<button type="button" aria-pressed="(true|false)"[^>]*>([^<]*)<\/button>/g)].map((m) => [m[1], m[2]]);
    expect(buttons).toEqual([
      ['true', 'All'],
      ['false', text('D1_30')],
      ['false', text('OVER_90')],
    ]);
  });

  it('pickStatus: a string from a select or the address is a status only if it is one of them', () => {
    expect(pickStatus(DELETION_STATUSES, 'OPEN')).toBe('OPEN');
    expect(pickStatus(DELETION_STATUSES, 'open')).toBe('');
    expect(pickStatus(DELETION_STATUSES, 'DROP TABLE')).toBe('');
    expect(pickStatus(DELETION_STATUSES, null)).toBe('');
    expect(pickStatus(DELETION_STATUSES, '')).toBe('');
  });
});
