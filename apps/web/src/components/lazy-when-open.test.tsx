import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyWhenOpen } from './lazy-when-open';

function Panel({ open, label }: { open: boolean; label: string }) {
  return <div role="dialog" aria-label={label} data-open={String(open)} />;
}

/** A loader that counts its calls and fails as many times as asked first. */
function loader(failures = 0) {
  const calls = { count: 0 };
  const load = () => {
    calls.count += 1;
    return calls.count <= failures ? Promise.reject(new Error('offline')) : Promise.resolve(Panel);
  };
  return { load, calls };
}

describe('lazyWhenOpen', () => {
  it('loads nothing while closed, and shows the component once opened', async () => {
    const { load, calls } = loader();
    const LazyPanel = lazyWhenOpen(load);
    const { rerender } = render(<LazyPanel open={false} label="駅を探す" />);
    expect(calls.count).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();

    rerender(<LazyPanel open label="駅を探す" />);
    expect(
      (await screen.findByRole('dialog', { name: '駅を探す' })).getAttribute('data-open'),
    ).toBe('true');
    expect(calls.count).toBe(1);
  });

  it('stays mounted after closing, so its closing transition can run', async () => {
    const LazyPanel = lazyWhenOpen(loader().load);
    const { rerender } = render(<LazyPanel open label="メニュー" />);
    await screen.findByRole('dialog');
    rerender(<LazyPanel open={false} label="メニュー" />);
    expect(screen.getByRole('dialog').getAttribute('data-open')).toBe('false');
  });

  it('downloads once for every instance, however often it is warmed', async () => {
    const { load, calls } = loader();
    const LazyPanel = lazyWhenOpen(load);
    LazyPanel.preload();
    LazyPanel.preload();
    render(
      <>
        <LazyPanel open label="一" />
        <LazyPanel open label="二" />
      </>,
    );
    expect(await screen.findAllByRole('dialog')).toHaveLength(2);
    expect(calls.count).toBe(1);
  });

  it('shows nothing when the download fails, and tries again on the next open', async () => {
    const { load, calls } = loader(1);
    const LazyPanel = lazyWhenOpen(load);
    const { rerender } = render(<LazyPanel open label="通知" />);
    await expect.poll(() => calls.count).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    rerender(<LazyPanel open={false} label="通知" />);
    rerender(<LazyPanel open label="通知" />);
    expect(await screen.findByRole('dialog', { name: '通知' })).toBeTruthy();
    expect(calls.count).toBe(2);
  });

  it('opens on what the caller says is open', async () => {
    const LazyLine = lazyWhenOpen(
      () => Promise.resolve(({ lineId }: { lineId: number | null }) => <p>路線 {lineId}</p>),
      (props) => props.lineId !== null,
    );
    const { rerender } = render(<LazyLine lineId={null} />);
    expect(screen.queryByText(/路線/)).toBeNull();
    rerender(<LazyLine lineId={11302} />);
    expect(await screen.findByText('路線 11302')).toBeTruthy();
  });
});
