/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { SCENE_MAX_BYTES } from '@visualnotes/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SizeWarning } from './SizeWarning';

describe('the size warning of a board', () => {
  it('says nothing while the board is well under the limit', () => {
    render(<SizeWarning bytes={0.79 * SCENE_MAX_BYTES} onSplit={() => undefined} />);
    expect(screen.queryByTestId('size-warning')).toBeNull();
  });

  it('says how large the board is against the limit as it nears it, and offers to move part of it to a new board', async () => {
    const onSplit = jest.fn();
    render(<SizeWarning bytes={5_100_000} onSplit={onSplit} />);
    const warning = screen.getByTestId('size-warning');
    expect(warning.textContent).toContain('This board is 5.1 MB of 6.0 MB.');
    expect(warning.getAttribute('role')).toBe('status');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Move the selection to a new board' }));
    expect(onSplit).toHaveBeenCalledTimes(1);
  });

  it('says when the board is over the limit and its latest changes cannot be saved', () => {
    render(<SizeWarning bytes={6_200_000} />);
    expect(screen.getByTestId('size-warning').textContent).toContain('This board is 6.2 MB, over the 6.0 MB a board may be');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
