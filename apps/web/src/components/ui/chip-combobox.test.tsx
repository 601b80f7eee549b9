import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { ChipCombobox, useChipCombobox } from './chip-combobox';

const fruits = [
  { key: 'apple', label: 'Apple', detail: 'Malus' },
  { key: 'apricot', label: 'Apricot', detail: 'Prunus' },
  { key: 'banana', label: 'Banana', detail: 'Musa' },
];

/** What a fruit picker's pieces say. */
const fruitWords = {
  title: 'Fruits',
  empty: 'No fruit yet.',
  label: 'Add a fruit',
  listLabel: 'Suggested fruits',
  placeholder: 'e.g. Apple',
  hint: "Type a fruit's name, then choose it.",
  nouns: { kind: 'fruit', one: 'fruit', many: 'fruits' },
};

/** A picker of fruits over the chip combobox, as the country and fitment pickers use it. */
function FruitPicker({ initial = [] }: { initial?: string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  const picker = useChipCombobox({
    value,
    onChange: setValue,
    labelOf: (key) => fruits.find((fruit) => fruit.key === key)?.label,
  });
  const typed = picker.typed.toLowerCase();
  const suggestions = fruits.filter(
    (fruit) => !value.includes(fruit.key) && fruit.label.toLowerCase().startsWith(typed),
  );
  return (
    <>
      <ChipCombobox state={picker} {...fruitWords} suggestions={suggestions} />
      <span data-testid="value">{value.join(',')}</span>
    </>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Add a fruit' });
const chips = () =>
  within(screen.getByRole('list', { name: 'Fruits' }))
    .queryAllByRole('listitem')
    .map((chip) => chip.textContent?.replace('×', '').trim());
const status = () => screen.getByRole('status');

describe('ChipCombobox', () => {
  it('suggests as it is typed in, the first suggestion highlighted, and says how many', async () => {
    const { user } = renderWithApp(<FruitPicker />);
    expect(screen.getByText('No fruit yet.')).toBeInTheDocument();
    await user.type(box(), 'ap');
    const list = screen.getByRole('listbox', { name: 'Suggested fruits' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['AppleMalus', 'ApricotPrunus']);
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    const first = within(list).getByRole('option', { name: /Apple/ });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(box()).toHaveAttribute('aria-activedescendant', first.id);
    expect(status()).toHaveTextContent('2 fruits suggested. Arrow keys choose, Enter adds.');
  });

  it('adds the suggestion chosen with the arrow keys and Enter, and keeps the focus in the box', async () => {
    const { user } = renderWithApp(<FruitPicker />);
    await user.type(box(), 'ap');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Apricot/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(chips()).toEqual(['Apricot']);
    expect(screen.getByTestId('value')).toHaveTextContent('apricot');
    expect(box()).toHaveValue('');
    expect(box()).toHaveFocus();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(status()).toHaveTextContent('Apricot added.');
    // A chosen one is suggested no more.
    await user.type(box(), 'ap');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'AppleMalus',
    ]);
    expect(status()).toHaveTextContent('1 fruit suggested.');
  });

  it('closes the list with Escape, then empties the box with a second Escape', async () => {
    const { user } = renderWithApp(<FruitPicker />);
    await user.type(box(), 'ba');
    await user.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveValue('ba');
    await user.keyboard('{Escape}');
    expect(box()).toHaveValue('');
    expect(screen.getByTestId('value')).toHaveTextContent('');
  });

  it('removes a chip by its button, says so, and moves the focus to the next chip, then to the box', async () => {
    const { user } = renderWithApp(<FruitPicker initial={['apple', 'banana']} />);
    expect(chips()).toEqual(['Apple', 'Banana']);
    await user.click(screen.getByRole('button', { name: 'Remove Apple' }));
    expect(chips()).toEqual(['Banana']);
    expect(screen.getByTestId('value')).toHaveTextContent('banana');
    expect(status()).toHaveTextContent('Apple removed.');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Banana' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    expect(screen.getByText('No fruit yet.')).toBeInTheDocument();
    await waitFor(() => expect(box()).toHaveFocus());
  });

  it('says that nothing matches, offers nothing, and Enter adds nothing', async () => {
    const { user } = renderWithApp(<FruitPicker />);
    await user.type(box(), 'kiwi');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(status()).toHaveTextContent('No other fruit matches "kiwi".');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('');
    expect(box()).toHaveValue('kiwi');
  });
});
