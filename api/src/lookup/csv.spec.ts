import { describe, expect, it } from '@jest/globals';
import { readCsvRecords, type CsvRecord } from './csv.js';

async function records(chunks: (string | Uint8Array)[]): Promise<CsvRecord[]> {
  const all: CsvRecord[] = [];
  for await (const record of readCsvRecords(
    (async function* () {
      yield* chunks;
    })(),
  ))
    all.push(record);
  return all;
}

/** The same text cut into chunks of every size from 1 character up, as a stream may deliver it. */
async function everyChunking(text: string): Promise<CsvRecord[][]> {
  const results: CsvRecord[][] = [];
  for (let size = 1; size <= text.length; size += 1) {
    const chunks: string[] = [];
    for (let start = 0; start < text.length; start += size) chunks.push(text.slice(start, start + size));
    results.push(await records(chunks));
  }
  return results;
}

describe('readCsvRecords', () => {
  it('reads plain and quoted fields, with the line each record starts on', async () => {
    expect(await records(['pcds,oslaua,lat\n"SW1A 1AA","E09000033",51.501\nM1 1AD,E08000003,53.4838\n'])).toEqual([
      { line: 1, fields: ['pcds', 'oslaua', 'lat'] },
      { line: 2, fields: ['SW1A 1AA', 'E09000033', '51.501'] },
      { line: 3, fields: ['M1 1AD', 'E08000003', '53.4838'] },
    ]);
  });

  it('reads "" as a quote, and commas and line breaks inside quotes as text', async () => {
    expect(
      await records(['postcode,address,band\r\n"CF10 1AA","Flat 2, ""The Mount""\r\nPark Place",C\r\nCF10 3AE,1 Park Place,D']),
    ).toEqual([
      { line: 1, fields: ['postcode', 'address', 'band'] },
      { line: 2, fields: ['CF10 1AA', 'Flat 2, "The Mount"\r\nPark Place', 'C'] },
      { line: 4, fields: ['CF10 3AE', '1 Park Place', 'D'] },
    ]);
  });

  it('gives the same records however the text is cut into chunks', async () => {
    const text = '\uFEFFa,"b ""q"", c",\r\n\r\n"",x\n"line\nbreak",2\r\nlast,"';
    const expected = [
      { line: 1, fields: ['a', 'b "q", c', ''] },
      { line: 3, fields: ['', 'x'] },
      { line: 4, fields: ['line\nbreak', '2'] },
      { line: 6, fields: ['last', 'end'] },
    ];
    for (const result of await everyChunking(`${text}end"`)) expect(result).toEqual(expected);
  });

  it('decodes UTF-8 split across chunks, dropping a byte-order mark', async () => {
    const bytes = new TextEncoder().encode('\uFEFFaddress\nYnys Môn Road\n');
    const split = bytes.indexOf(0xc3) + 1;
    expect(await records([bytes.slice(0, split), bytes.slice(split)])).toEqual([
      { line: 1, fields: ['address'] },
      { line: 2, fields: ['Ynys Môn Road'] },
    ]);
  });

  it('says which line is wrong: an unclosed quote, text after a closing quote, text that is not UTF-8', async () => {
    await expect(records(['a,b\n"open,x\n'])).rejects.toThrow('line 2: a quoted field is not closed.');
    await expect(records(['a\n"x"y,z\n'])).rejects.toThrow('line 2: text follows a closing quote');
    await expect(records(['a\n', new Uint8Array([0x4d, 0xf4, 0x6e, 0x0a])])).rejects.toThrow('line 2: the file is not UTF-8 text');
    await expect(records(['a\nb"c",d\n'])).rejects.toThrow('line 2: a field has a quote inside it but does not start with one');
    // The line of the first byte that is not UTF-8, inside the chunk that holds it.
    await expect(records(['a\n', new Uint8Array([0x62, 0x0a, 0x4d, 0xf4, 0x6e, 0x0a])])).rejects.toThrow(
      'line 3: the file is not UTF-8 text',
    );
  });

  it('reads rows with more or fewer fields than the header, and drops a carriage return that ends the file', async () => {
    expect(await records(['a,b,c\n1\n1,2,3,4\r\nlast\r'])).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1'] },
      { line: 3, fields: ['1', '2', '3', '4'] },
      { line: 4, fields: ['last'] },
    ]);
  });

  it('stops reading the source when the reader stops early', async () => {
    let closed = false;
    const source = (async function* () {
      try {
        for (let index = 0; ; index += 1) yield `row ${index}\n`;
      } finally {
        closed = true;
      }
    })();
    for await (const record of readCsvRecords(source)) if (record.line === 3) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(closed).toBe(true);
  });
});
