import { t, type IssueType } from './define.ts';

/**
 * axe-core rules (WCAG 2.x A and AA) grouped into the site audit's accessibility issue types; a rule not
 * named here is reported under `a11y-other`, with its id.
 */
export const AXE_RULE_GROUPS: Record<string, readonly string[]> = {
  'a11y-image-alt': ['image-alt', 'input-image-alt', 'role-img-alt', 'svg-img-alt', 'area-alt', 'object-alt'],
  'a11y-form-labels': ['label', 'select-name', 'aria-input-field-name', 'aria-toggle-field-name'],
  'a11y-contrast': ['color-contrast'],
  'a11y-button-name': ['button-name', 'input-button-name'],
  'a11y-link-name': ['link-name'],
};

const AXE =
  'Found by axe-core’s WCAG 2.x level A and AA rules on the page as rendered for the audit; the first failing element is shown.';

/** Site audit checks of the "accessibility" group, reported only by audits run with "Render JavaScript" on. */
export const accessibilityIssueTypes: readonly IssueType[] = [
  t(
    'a11y-image-alt',
    'warning',
    'Images without a text alternative',
    `Images (or image buttons, areas, SVG and role="img" elements) have no alt text or accessible name: screen readers announce nothing useful, and search engines lose the image's meaning. ${AXE}`,
    'Give every meaningful image an alt text that says what it shows or does; give decorative images alt="".',
  ),
  t(
    'a11y-form-labels',
    'warning',
    'Form fields without a label',
    `Inputs, selects or ARIA fields have no label a screen reader can announce. ${AXE}`,
    'Connect a visible <label for> to each field (or wrap the field in its label); use aria-label only where a visible label is impossible.',
  ),
  t(
    'a11y-contrast',
    'warning',
    'Text with too little colour contrast',
    `Text does not stand out enough from its background (WCAG AA: 4.5:1, or 3:1 for large text), which makes it hard to read for many visitors. ${AXE}`,
    'Darken the text or lighten the background (or the reverse) until the pair meets the ratio.',
  ),
  t(
    'a11y-button-name',
    'warning',
    'Buttons without an accessible name',
    `Buttons have no text, label or title, so assistive technology announces only "button". ${AXE}`,
    'Put text in the button, or an aria-label saying what it does (icon buttons).',
  ),
  t(
    'a11y-link-name',
    'warning',
    'Links without an accessible name',
    `Links have no text a screen reader can read (an icon or an image without alt, an empty link). ${AXE}`,
    'Give each link text, or an image with alt text, that says where it goes.',
  ),
  t(
    'a11y-other',
    'notice',
    'Other accessibility failures',
    `Other WCAG 2.x A or AA rules fail on the page (the rule ids are listed: axe-core's rule descriptions at dequeuniversity.com/rules/axe explain each). ${AXE}`,
    'Fix each listed rule as its description says, then audit the page again.',
  ),
];
