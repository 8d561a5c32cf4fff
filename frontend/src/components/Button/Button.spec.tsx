/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './Button';

it('is a plain button that never submits a form unless told to', async () => {
  const submit = jest.fn((e: Event) => e.preventDefault());
  const click = jest.fn();
  render(
    <form onSubmit={(e) => submit(e.nativeEvent)}>
      <Button onClick={click}>Open</Button>
      <Button type="submit" variant="primary">
        Save
      </Button>
    </form>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Open' }));
  expect(click).toHaveBeenCalledTimes(1);
  expect(submit).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(submit).toHaveBeenCalledTimes(1);
});

it('is disabled and marked busy while working, so a double click does nothing', async () => {
  const click = jest.fn();
  const { rerender } = render(
    <Button busy onClick={click}>
      Send
    </Button>,
  );
  const button = screen.getByRole('button', { name: 'Send' });
  expect((button as HTMLButtonElement).disabled).toBe(true);
  expect(button.getAttribute('aria-busy')).toBe('true');
  await userEvent.setup().dblClick(button);
  expect(click).not.toHaveBeenCalled();
  rerender(
    <Button busy={false} onClick={click}>
      Send
    </Button>,
  );
  expect((button as HTMLButtonElement).disabled).toBe(false);
  expect(button.getAttribute('aria-busy')).toBe('false');
});

it('is reached and pressed with the keyboard', async () => {
  const click = jest.fn();
  render(<Button onClick={click}>Go</Button>);
  const user = userEvent.setup();
  await user.tab();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Go' }));
  await user.keyboard('{Enter}');
  await user.keyboard(' ');
  expect(click).toHaveBeenCalledTimes(2);
});

it('keeps the attributes and class it is given', () => {
  render(
    <Button className="extra" data-testid="b" aria-label="Close the panel" variant="danger" size="sm">
      ×
    </Button>,
  );
  const button = screen.getByTestId('b');
  expect(button.getAttribute('aria-label')).toBe('Close the panel');
  expect(button.className).toContain('extra');
});
