import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { LIVE_REGION_IDS } from '../src/a11y/announce';
import { SearchSelect, type SearchSelectProps } from '../src/ui/SearchSelect';
import type { SearchOption } from '../src/ui/SearchSelect.model';
import '../src/ui/search-select.css';

/** ISO 3166-1's 249 codes; the names are the runtime's (Intl.DisplayNames), as WooCommerce lists them. */
const CODES =
  'AF AX AL DZ AS AD AO AI AQ AG AR AM AW AU AT AZ BS BH BD BB BY BE BZ BJ BM BT BO BQ BA BW BV BR IO BN BG BF BI ' +
  'CV KH CM CA KY CF TD CL CN CX CC CO KM CG CD CK CR CI HR CU CW CY CZ DK DJ DM DO EC EG SV GQ ER EE SZ ET FK FO ' +
  'FJ FI FR GF PF TF GA GM GE DE GH GI GR GL GD GP GU GT GG GN GW GY HT HM VA HN HK HU IS IN ID IR IQ IE IM IL IT ' +
  'JM JP JE JO KZ KE KI KP KR KW KG LA LV LB LS LR LY LI LT LU MO MG MW MY MV ML MT MH MQ MR MU YT MX FM MD MC MN ' +
  'ME MS MA MZ MM NA NR NP NL NC NZ NI NE NG NU NF MK MP NO OM PK PW PS PA PG PY PE PH PN PL PT PR QA RE RO RU RW ' +
  'BL SH KN LC MF PM VC WS SM ST SA SN RS SC SL SG SX SK SI SB SO ZA GS SS ES LK SD SR SJ SE CH SY TW TJ TZ TH TL ' +
  'TG TK TO TT TN TR TM TC TV UG UA AE GB US UM UY UZ VU VE VN VG VI WF EH YE ZM ZW';

/** WooCommerce's suffixes for the two it abbreviates. */
const SUFFIXES: Record<string, string> = { GB: ' (UK)', US: ' (US)' };

function countries(locale: string): SearchOption[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  return CODES.split(' ')
    .map((code): SearchOption => [
      code,
      `${names.of(code) ?? code}${locale === 'en' ? (SUFFIXES[code] ?? '') : ''}`,
    ])
    .sort((a, b) => collator.compare(a[1], b[1]));
}

const COUNTRIES = countries('en');
const COUNTRIES_AR = countries('ar');

const US_STATES: SearchOption[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District Of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

type Args = Omit<SearchSelectProps, 'onChange'> & {
  /** The field's error, shown under it and given as its description. */
  error?: string;
};

/**
 * WooCommerce's checkout row (`p.form-row` with its label and `span.woocommerce-input-wrapper`), the
 * select holding its value as the checkout island will; the value arg is the start.
 */
function Field({ error, ...args }: Args) {
  const [value, setValue] = useState(args.value);
  const errorId = `${args.id}-error`;
  return (
    <form action="/checkout/" method="post" onSubmit={(event) => event.preventDefault()}>
      <p className={`form-row form-row-wide${error ? ' woocommerce-invalid' : ''}`}>
        <label htmlFor={args.id}>
          {args.label}
          {args.required ? (
            <>
              &nbsp;
              <abbr className="required" title="required">
                *
              </abbr>
            </>
          ) : null}
        </label>
        <span className="woocommerce-input-wrapper">
          <SearchSelect
            {...args}
            invalid={Boolean(error) || args.invalid}
            describedBy={error ? errorId : args.describedBy}
            value={value}
            onChange={setValue}
          />
        </span>
        {error ? (
          <span id={errorId} className="checkout-inline-error-message">
            {error}
          </span>
        ) : null}
      </p>
    </form>
  );
}

const field = (canvasElement: HTMLElement, name: string | RegExp = /^Country \/ Region/) =>
  within(canvasElement).getByRole('combobox', { name });
const posted = (canvasElement: HTMLElement, name = 'billing_country') =>
  canvasElement.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`)!;
const active = (canvasElement: HTMLElement) => {
  const id = field(canvasElement).getAttribute('aria-activedescendant');
  return id === null ? null : canvasElement.ownerDocument.getElementById(id);
};

const meta = {
  title: 'UI/SearchSelect',
  component: Field,
  args: {
    id: 'billing_country',
    name: 'billing_country',
    label: 'Country / Region',
    options: COUNTRIES,
    value: '',
    placeholder: 'Select a country / region…',
    required: true,
  },
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Countries: Story = {
  name: 'Countries (249)',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(field(canvasElement)).toHaveAttribute('placeholder', 'Select a country / region…');
    field(canvasElement).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(canvas.getAllByRole('option')).toHaveLength(249);
    expect(active(canvasElement)).toHaveTextContent('Afghanistan');
    await userEvent.keyboard('aland');
    // Accents ignored, anywhere in the name; names starting with it first.
    expect(canvas.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Åland Islands',
      'New Zealand',
    ]);
    await userEvent.keyboard('{Enter}');
    expect(field(canvasElement)).toHaveValue('Åland Islands');
    expect(posted(canvasElement)).toHaveValue('AX');
    expect(field(canvasElement)).toHaveAttribute('aria-expanded', 'false');
  },
};

export const States: Story = {
  name: 'States (United States)',
  args: {
    id: 'billing_state',
    name: 'billing_state',
    label: 'State',
    options: US_STATES,
    placeholder: 'Select an option…',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const state = field(canvasElement, /^State/);
    expect(state).toHaveValue('');
    expect(state).toHaveAttribute('placeholder', 'Select an option…');
    await userEvent.click(state);
    await userEvent.keyboard('new');
    expect(canvas.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'New Hampshire',
      'New Jersey',
      'New Mexico',
      'New York',
    ]);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(state).toHaveValue('New York');
    expect(posted(canvasElement, 'billing_state')).toHaveValue('NY');
  },
};

export const Selected: Story = {
  name: 'Selected (open on the chosen country)',
  args: { value: 'DE' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(field(canvasElement)).toHaveValue('Germany');
    expect(posted(canvasElement)).toHaveValue('DE');
    field(canvasElement).focus();
    await userEvent.keyboard('{ArrowDown}');
    const germany = canvas.getByRole('option', { name: 'Germany' });
    expect(germany).toHaveAttribute('aria-selected', 'true');
    expect(active(canvasElement)).toBe(germany);
    // Left open: the a11y check runs over the open listbox.
    expect(canvas.getByRole('listbox', { name: 'Country / Region' })).toBeVisible();
  },
};

export const Invalid: Story = {
  args: { error: 'Billing Country / Region is a required field.' },
  play: ({ canvasElement }) => {
    expect(field(canvasElement)).toBeInvalid();
    expect(field(canvasElement)).toHaveAttribute('aria-required', 'true');
    expect(field(canvasElement)).toHaveAccessibleDescription('Billing Country / Region is a required field.');
  },
};

export const NoMatches: Story = {
  name: 'No matches',
  args: { value: 'FR' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(field(canvasElement));
    await userEvent.keyboard('zzz');
    expect(canvas.getByText('No matches found')).toBeVisible();
    expect(canvas.queryByRole('listbox')).toBeNull();
    expect(field(canvasElement)).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    expect(posted(canvasElement)).toHaveValue('FR');
    // Said once typing pauses.
    await waitFor(
      () =>
        expect(canvasElement.ownerDocument.getElementById(LIVE_REGION_IDS.polite)).toHaveTextContent(
          'No matches found',
        ),
      { timeout: 5000 },
    );
  },
};

export const Disabled: Story = {
  args: { value: 'FR', disabled: true },
  play: async ({ canvasElement }) => {
    expect(field(canvasElement)).toBeDisabled();
    expect(field(canvasElement)).toHaveValue('France');
    await userEvent.click(field(canvasElement));
    expect(field(canvasElement)).toHaveAttribute('aria-expanded', 'false');
  },
};

export const RTL: Story = {
  name: 'RTL (Arabic)',
  args: {
    label: 'البلد / المنطقة',
    options: COUNTRIES_AR,
    placeholder: 'اختر بلدًا / منطقة…',
  },
  decorators: [
    (Story) => (
      <div dir="rtl" lang="ar">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const country = field(canvasElement, /^البلد/);
    await userEvent.click(country);
    await userEvent.keyboard('مصر');
    await userEvent.click(canvas.getByRole('option', { name: 'مصر' }));
    expect(country).toHaveValue('مصر');
    expect(posted(canvasElement)).toHaveValue('EG');
  },
};

export const PhoneWidth: Story = {
  name: 'Phone width (320 px)',
  args: { value: 'GB' },
  decorators: [
    (Story) => (
      <div style={{ width: 320, maxWidth: '100%' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(field(canvasElement));
    await userEvent.keyboard('united');
    expect(canvas.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'United Arab Emirates',
      'United Kingdom (UK)',
      'United States (US)',
    ]);
    await userEvent.click(canvas.getByRole('option', { name: 'United States (US)' }));
    expect(posted(canvasElement)).toHaveValue('US');
  },
};
