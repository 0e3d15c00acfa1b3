import { describe, expect, it } from '@jest/globals';
import { toXml } from './xml.js';

describe('toXml, for the testing panel', () => {
  it('names elements after fields, lists items, and escapes text', () => {
    expect(toXml('household', { country: 'ENGLAND', adults: [{ age: 34 }], note: "Carer's <b> & co", empty: [], missing: null })).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<household>',
        '  <country>ENGLAND</country>',
        '  <adults>',
        '    <item>',
        '      <age>34</age>',
        '    </item>',
        '  </adults>',
        "  <note>Carer's &lt;b&gt; &amp; co</note>",
        '  <empty/>',
        '  <missing/>',
        '</household>',
        '',
      ].join('\n'),
    );
  });

  it('makes any field name a valid element name', () => {
    expect(toXml('r', { '2026-27': 1, 'a b': 2 })).toContain('<_2026-27>1</_2026-27>');
    expect(toXml('r', { 'a b': 2 })).toContain('<a_b>2</a_b>');
  });
});
