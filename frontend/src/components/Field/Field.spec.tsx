/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field } from './Field';

/** The texts of the elements `aria-describedby` names, as a screen reader reads them. */
const description = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

it('names its control by the label', async () => {
  render(
    <Field label="E-mail">
      <input name="email" />
    </Field>,
  );
  const input = screen.getByLabelText('E-mail');
  expect(input.getAttribute('name')).toBe('email');
  expect(input.hasAttribute('aria-invalid')).toBe(false);
  expect(input.hasAttribute('aria-describedby')).toBe(false);
  // a click on the label focuses the control
  await userEvent.setup().click(screen.getByText('E-mail'));
  expect(document.activeElement).toBe(input);
});

it('marks the control invalid and describes it by the error, which is announced', () => {
  render(
    <Field label="Name" error="Name is required">
      <input name="name" />
    </Field>,
  );
  const input = screen.getByRole('textbox', { name: 'Name' });
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(description(input)).toBe('Name is required');
  expect(screen.getByRole('alert').textContent).toBe('Name is required');
});

it('describes the control by its hint and error together, keeping a description it had', () => {
  render(
    <>
      <p id="rules">At least 8 characters</p>
      <Field label="Password" hint="Add a digit" error="Too short">
        <input type="password" aria-describedby="rules" />
      </Field>
    </>,
  );
  const input = screen.getByLabelText('Password');
  expect(description(input)).toBe('At least 8 characters Add a digit Too short');
});

it('keeps the id the control has', () => {
  render(
    <Field label="Code" error="The security code has 6 digits">
      <input id="code" />
    </Field>,
  );
  const input = screen.getByLabelText('Code');
  expect(input.id).toBe('code');
  expect(input.getAttribute('aria-describedby')).toBe('code-error');
});

it('works for a select', () => {
  render(
    <Field label="Plan">
      <select>
        <option>Free</option>
      </select>
    </Field>,
  );
  expect(screen.getByRole('combobox', { name: 'Plan' })).toBeTruthy();
});
