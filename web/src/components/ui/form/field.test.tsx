// @vitest-environment node
// A bar's compact field with its label read out but not shown is still a labelled field: its
// label names the control, and a refusal is tied to it and marks it invalid.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ColourField, Field, FIELD_CONTROL_CLASS, SelectField, TextField } from './field';
import { FilePickButton } from './file-pick-button';

const attribute = (html: string, element: string, name: string) => new RegExp(`<${element}\\b[^>]*\\b${name}="([^"]*)"`).exec(html)?.[1];

describe('the field family in a bar', () => {
  it('keeps a hidden label tied to its control, and a refusal at it', () => {
    const html = renderToStaticMarkup(<TextField compact hideLabel label="From" name="from" type="date" error="Choose a day" />);
    const id = attribute(html, 'input', 'id');
    expect(id).toBeTruthy();
    expect(attribute(html, 'label', 'for')).toBe(id);
    expect(attribute(html, 'label', 'class')).toBe('visually-hidden');
    expect(html).toContain('>From</label>');
    const errorId = attribute(html, 'input', 'aria-describedby');
    expect(html).toContain(`id="${errorId}" class="${/<p[^>]*class="([^"]*)"/.exec(html)?.[1]}" role="alert">Choose a day</p>`);
    expect(attribute(html, 'input', 'aria-invalid')).toBe('true');
    expect(attribute(html, 'div', 'data-field')).toBe('from');
  });

  it('draws a compact frame apart from the standard one, with a shown label', () => {
    const compact = renderToStaticMarkup(
      <SelectField compact label="Period">
        <option>Today</option>
      </SelectField>,
    );
    const standard = renderToStaticMarkup(
      <SelectField label="Period">
        <option>Today</option>
      </SelectField>,
    );
    expect(attribute(compact, 'div', 'class')!.split(' ')).toHaveLength(2);
    expect(attribute(standard, 'div', 'class')!.split(' ')).toHaveLength(1);
    expect(attribute(compact, 'label', 'class')).not.toBe('visually-hidden');
  });

  it("gives a caller's own control the family's look and wiring", () => {
    const html = renderToStaticMarkup(
      <Field label="Your message" hideLabel error="Too many messages" field="message">
        {(control) => <textarea {...control} className={FIELD_CONTROL_CLASS.textarea} />}
      </Field>,
    );
    expect(attribute(html, 'textarea', 'id')).toBe(attribute(html, 'label', 'for'));
    expect(attribute(html, 'textarea', 'aria-invalid')).toBe('true');
    expect(attribute(html, 'textarea', 'class')).toBe(FIELD_CONTROL_CLASS.textarea);
    expect(html).toContain('role="alert">Too many messages</p>');
  });

  it("ties a colour field's label and refusal to its hex box, with the picker named beside it", () => {
    const html = renderToStaticMarkup(
      <ColourField label="Brand colour" name="brandColour" value="#0F766E" onChange={() => {}} error="Give a colour as #RRGGBB" />,
    );
    const box = /<input(?![^>]*type="color")[^>]*>/.exec(html)![0];
    expect(attribute(box, 'input', 'id')).toBe(attribute(html, 'label', 'for'));
    expect(attribute(box, 'input', 'aria-invalid')).toBe('true');
    expect(attribute(box, 'input', 'value')).toBe('#0F766E');
    expect(attribute(html, 'input', 'aria-label')).toBe('Pick the brand colour');
    expect(attribute(html, 'div', 'data-field')).toBe('brandColour');
    // A half-typed code leaves the picker on black rather than refusing the box's text.
    const typing = renderToStaticMarkup(<ColourField label="Brand colour" value="#0F7" onChange={() => {}} />);
    expect(attribute(typing, 'input', 'value')).toBe('#000000');
  });

  it('draws a file picker as a labelled button', () => {
    const html = renderToStaticMarkup(<FilePickButton name="insertImage">Insert image</FilePickButton>);
    expect(html).toMatch(/^<label class="button button-outline">Insert image<input type="file" hidden="" name="insertImage"\/><\/label>$/);
  });
});
