// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Combobox } from './Combobox';
import { RadioGroup } from './RadioGroup';
import { ChoicesSkeleton, FieldSkeleton, SkeletonText } from './Skeleton';
import { rows } from './test-rows';

describe('placeholders', () => {
  it('a picker on its way has the picker’s rows: its label line and a control holding an input', () => {
    const picker = render(
      <Combobox
        label="Fiat currency"
        options={[{ value: 'GBP', label: 'GBP · British Pound' }]}
        onChange={() => {}}
      />,
    ).container.firstElementChild!;
    const skeleton = render(<FieldSkeleton label="Fiat currency" />).container.firstElementChild!;

    expect(rows(skeleton.parentElement)).toEqual(rows(picker.parentElement));
    expect(rows(skeleton)).toEqual(rows(picker));
    expect(rows(skeleton)).toEqual(['rc-label', 'rc-control']);
    // The control's height is the input's (in the box that also shows the selection in full).
    expect(skeleton.querySelector('.rc-control > .rc-combobox__box > .rc-input')).not.toBeNull();
    expect(picker.querySelector('.rc-control > .rc-combobox__box > .rc-input')).not.toBeNull();
  });

  it('segmented choices on their way: the group’s label and one row of options, as the group has', () => {
    const group = render(
      <RadioGroup
        label="Payout method"
        variant="segmented"
        className="rc-methods"
        options={[{ value: 'FASTER_PAYMENTS', name: 'Faster Payments' }]}
        onChange={() => {}}
      />,
    ).container.firstElementChild!;
    const skeleton = render(<ChoicesSkeleton label="Payout method" className="rc-methods" />).container
      .firstElementChild!;

    expect(rows(skeleton.parentElement)).toEqual(rows(group.parentElement));
    expect(rows(skeleton)).toEqual(rows(group));
    const options = (el: Element) => el.querySelector('.rc-radiogroup__options')!;
    expect(rows(options(skeleton))).toEqual(rows(options(group)));
    // One line of the options' text: the row's height.
    expect(options(skeleton).querySelector('.rc-radio > .rc-radio__body')?.textContent).toBe('\u00a0');
  });

  it('are hidden from assistive technology and hold nothing to focus or read', () => {
    const { container } = render(
      <>
        <FieldSkeleton label="Country" />
        <ChoicesSkeleton label="Payment method" />
        <p>
          Between <SkeletonText>£20.00</SkeletonText>
        </p>
      </>,
    );
    const [field, choices, help] = [...container.children];
    expect(field).toHaveAttribute('aria-hidden', 'true');
    expect(choices).toHaveAttribute('aria-hidden', 'true');
    expect(help?.querySelector('.rc-skeleton-text')).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelectorAll('input, button, a, [tabindex]')).toHaveLength(0);
  });
});
