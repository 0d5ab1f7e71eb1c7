// The streaming record reader: records split over arbitrary chunk borders, outer texts, skipped subtrees, and
// no entity expansion.
import { describe, expect, it } from 'vitest';
import { XmlRecordStream, parseRecords, text } from './xml-records';

const DOC =
  '<?xml version="1.0"?><a:root xmlns:a="urn:a" xmlns:xsi="urn:xsi"><a:publicationTime>2026-01-01T00:00:00Z</a:publicationTime>' +
  '<a:rec id="1" xsi:type="a:T"><a:name>één &amp; twee</a:name><a:big><a:x>skip</a:x></a:big></a:rec><a:rec id="2"><a:name><![CDATA[drie]]></a:name></a:rec></a:root>';

describe('XmlRecordStream', () => {
  it('builds the same records whatever the chunk borders, without prefixes, skipping named subtrees', () => {
    for (const size of [1, 7, 64, DOC.length]) {
      const got: { id: string; type?: string; name: string | null; children: string[] }[] = [];
      const s = new XmlRecordStream({
        records: ['rec'],
        texts: ['publicationTime'],
        skip: ['big'],
        onRecord: (r) => got.push({ id: r.attrs.id, type: r.attrs.type, name: text(r.children[0]), children: r.children.map((c) => c.name) }),
      });
      for (let i = 0; i < DOC.length; i += size) s.write(DOC.slice(i, i + size));
      s.close();
      expect(got).toEqual([
        { id: '1', type: 'a:T', name: 'één & twee', children: ['name'] },
        { id: '2', type: undefined, name: 'drie', children: ['name'] },
      ]);
      expect(s.texts).toEqual({ publicationTime: '2026-01-01T00:00:00Z' });
      expect(s.chunks).toBe(Math.ceil(DOC.length / size));
    }
  });

  it('does not expand entities declared in a DTD, and rejects a document cut off inside a record', () => {
    expect(() => parseRecords('<!DOCTYPE r [<!ENTITY e "boem">]><r><rec>&e;</rec></r>', ['rec'])).toThrow();
    expect(() => parseRecords('<r><rec><name>x</name>', ['rec'])).toThrow();
  });
});
