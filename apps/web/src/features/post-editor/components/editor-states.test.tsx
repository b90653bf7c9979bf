import { render, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageDataLoading } from '../../../lib/page-loading';
import { EditorLoading } from './editor-states';

describe('EditorLoading', () => {
  it('keeps the global loading bar up while the form waits for what it edits', () => {
    const bar = renderHook(() => usePageDataLoading());
    expect(bar.result.current).toBe(false);
    const view = render(<EditorLoading />);
    expect(bar.result.current).toBe(true);
    view.unmount();
    expect(bar.result.current).toBe(false);
  });
});
