import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { DateField } from './DateField';
import { dateProblemOf, datePartsOf, isoDateOf } from './date-field-text';

describe('what a date field holds', () => {
  it('reads a date from the API as the boxes show it, without leading zeros', () => {
    expect(datePartsOf('2027-04-06')).toEqual({ day: '6', month: '4', year: '2027' });
    expect(datePartsOf('')).toEqual({ day: '', month: '', year: '' });
  });

  it('gives the date as yyyy-mm-dd only when the three boxes make a real date', () => {
    expect(isoDateOf('2027-4-6')).toBe('2027-04-06');
    expect(isoDateOf('2027-04-06')).toBe('2027-04-06');
    expect(isoDateOf('2028-2-29')).toBe('2028-02-29');
    expect(isoDateOf('2027-2-29')).toBeNull();
    expect(isoDateOf('2027--6')).toBeNull();
    expect(isoDateOf('27-4-6')).toBeNull();
    expect(isoDateOf('')).toBeNull();
  });

  it('says what is wrong in the GOV.UK design system’s words', () => {
    const what = 'the date the value takes effect';
    expect(dateProblemOf('', what)).toBe('Enter the date the value takes effect');
    expect(dateProblemOf('2027--6', what)).toBe('The date the value takes effect must include a month');
    expect(dateProblemOf('--6', what)).toBe('The date the value takes effect must include a month and year');
    expect(dateProblemOf('27-4-6', what)).toBe('Year must include 4 numbers');
    expect(dateProblemOf('2027-13-6', what)).toBe('The date the value takes effect must be a real date');
    expect(dateProblemOf('2027-4-6', what)).toBeNull();
  });
});

function Harness({ start, error }: { start: string; error?: string }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <DateField id="from" label="New values from" hint="The first day." error={error} value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('the date field', () => {
  it('is a group named by its legend, with the hint, the error and a Day, Month and Year box', () => {
    render(<Harness start="2027-04-06" error="Enter the date the new values take effect" />);
    const group = screen.getByRole('group', { name: 'New values from' });
    expect(group.getAttribute('aria-describedby')).toBe('from-hint from-error');
    expect(document.getElementById('from-hint')?.textContent).toBe('The first day. For example, 12 4 2027.');
    expect(document.getElementById('from-error')?.textContent).toBe('Error: Enter the date the new values take effect');
    const boxes = ['Day', 'Month', 'Year'].map((label) => within(group).getByLabelText(label) as HTMLInputElement);
    // The error summary's link goes to the day box.
    expect(boxes.map((box) => [box.id, box.value, box.inputMode, box.getAttribute('aria-invalid')])).toEqual([
      ['from', '6', 'numeric', 'true'],
      ['from-month', '4', 'numeric', 'true'],
      ['from-year', '2027', 'numeric', 'true'],
    ]);
  });

  it('keeps what is typed, digits only, and a box left empty', () => {
    render(<Harness start="" />);
    const group = screen.getByRole('group', { name: 'New values from' });
    fireEvent.change(within(group).getByLabelText('Day'), { target: { value: '12' } });
    fireEvent.change(within(group).getByLabelText('Year'), { target: { value: '2027' } });
    expect(screen.getByTestId('value').textContent).toBe('2027--12');
    fireEvent.change(within(group).getByLabelText('Month'), { target: { value: '4a' } });
    expect(screen.getByTestId('value').textContent).toBe('2027-4-12');
    expect(isoDateOf(screen.getByTestId('value').textContent!)).toBe('2027-04-12');
  });
});
