// @vitest-environment node
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AddressText } from './address-text';

describe('AddressText', () => {
  it('lets an address wrap after its dots and slashes and before the @, its text unchanged', () => {
    expect(renderToStaticMarkup(<AddressText text="harbor.point@example.com" />)).toBe('harbor.<wbr/>point<wbr/>@example.<wbr/>com');
    expect(renderToStaticMarkup(<AddressText text="porter.com/listings/" />)).toBe('porter.<wbr/>com/<wbr/>listings/');
    expect(renderToStaticMarkup(<AddressText text="localhost" />)).toBe('localhost');
  });
});
