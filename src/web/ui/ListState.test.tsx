import { describe, expect, it } from 'vitest';
import { renderIn } from '../lib/render-for-tests';
import { en } from '../../shared/i18n/en';
import { fil } from '../../shared/i18n/fil';
import { ListState, LoadState, type ListQuery } from './ListState';

const html = renderIn;

const base: ListQuery = { isPending: false, isError: false, error: null, refetch: () => undefined };
const list = <ul data-testid="the-list" />;

describe('ListState: one frame for every list', () => {
  it('while loading: a spinner named by the catalogue (or the given text), and no list', async () => {
    const loading = await html(
      <ListState query={{ ...base, isPending: true }} empty={false} emptyText="Nothing">
        {list}
      </ListState>,
    );
    expect(loading).toContain(`role="status" aria-label="${en.common.loading}"`);
    expect(loading).not.toContain('the-list');
    const named = await html(
      <ListState query={{ ...base, isPending: true }} empty={false} emptyText="Nothing" loadingText="Loading withdrawals">
        {list}
      </ListState>,
      'fil',
    );
    expect(named).toContain('aria-label="Loading withdrawals"');
  });

  it('after a failure: the message as an alert with a retry button in the chosen language, never the list or the empty text', async () => {
    const failed = { ...base, isError: true, error: { message: 'No Server Response' } };
    const shown = await html(
      <ListState query={failed} empty emptyText="Nothing">
        {list}
      </ListState>,
      'fil',
    );
    expect(shown).toContain('role="alert"');
    expect(shown).toContain('No Server Response');
    expect(shown).toContain(`>${fil.common.retry}</button>`);
    expect(shown).not.toContain('Nothing');
    expect(shown).not.toContain('the-list');
    const titled = await html(<LoadState query={failed} errorTitle="The queue could not be loaded" retryText="Reload" />);
    expect(titled).toMatch(/The queue could not be loaded<\/p><p[^>]*>No Server Response<\/p>/);
    expect(titled).toContain('>Reload</button>');
  });

  it('loaded and empty: the empty text; loaded with rows: the list', async () => {
    const empty = await html(
      <ListState query={base} empty emptyText="No messages">
        {list}
      </ListState>,
    );
    expect(empty).toContain('No messages');
    expect(empty).not.toContain('the-list');
    const full = await html(
      <ListState query={base} empty={false} emptyText="No messages">
        {list}
      </ListState>,
    );
    expect(full).toContain('data-testid="the-list"');
    expect(full).not.toContain('No messages');
    expect(full).not.toContain('role="status"');
  });

  it('a paged list: "Show more" only while the server has a next page, busy while it loads', async () => {
    const paged = { ...base, hasNextPage: true, isFetchingNextPage: false, fetchNextPage: () => undefined };
    expect(
      await html(
        <ListState query={paged} empty={false} emptyText="-">
          {list}
        </ListState>,
      ),
    ).toContain(`>${en.common.showMore}</button>`);
    const fetching = await html(
      <ListState query={{ ...paged, isFetchingNextPage: true }} empty={false} emptyText="-" moreText="Older">
        {list}
      </ListState>,
    );
    expect(fetching).toMatch(/<button type="button" disabled aria-busy="true"[^>]*>.*Older<\/button>/);
    expect(
      await html(
        <ListState query={{ ...paged, hasNextPage: false }} empty={false} emptyText="-">
          {list}
        </ListState>,
      ),
    ).not.toContain('</button>');
  });

  it('LoadState: nothing once the query has its data', async () => {
    expect(await html(<LoadState query={base} />)).toBe('');
  });
});
