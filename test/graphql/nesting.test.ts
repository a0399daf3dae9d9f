// The lexer of the nesting limit (src/graphql/execution/nesting.ts): how deep brackets nest in
// a GraphQL document (outside strings, block strings and comments) and in a JSON body (outside
// strings), exactly, for the inputs where a lexer that ends a string or a comment one sign
// early or late would count otherwise. test/e2e/nesting.test.ts sends such documents to a
// server.
import { describe, expect, it } from 'vitest';
import { deepestJsonNesting, deepestNesting } from '../../src/graphql/execution/nesting.js';

describe('deepestNesting', () => {
  it('counts brackets outside strings, block strings and comments', () => {
    expect(deepestNesting('{ a(b: [1, {c: 2}]) }', 10)).toBe(4);
    expect(deepestNesting('{ a(b: "[[[[{{{{") }', 10)).toBe(2);
    expect(deepestNesting('{ a(b: "\\"[[[[") }', 10)).toBe(2);
    expect(deepestNesting('{ a(b: """ [[[[ \\""" [[[ """) }', 10)).toBe(2);
    expect(deepestNesting('{ a # [[[[[[\n b }', 10)).toBe(1);
    expect(deepestNesting('}}}} {', 10)).toBe(1);
    expect(deepestNesting('{ a # [[[[\r b(c: [1]) }', 10)).toBe(3);
    expect(deepestNesting('{ a(b: """""") c(d: [[1]]) }', 10)).toBe(4);
    expect(deepestNesting('{ a(b: """ \\\\""" [[[ """ c: [1]) }', 10)).toBe(3);
    expect(deepestNesting('{ a(b: "x\n [[[[', 10)).toBe(6);
    expect(deepestNesting('{ a(b: "[[[', 10)).toBe(2);
    expect(deepestNesting(`query ${'x'.repeat(100_000)} { a(b: [1]) }`, 10)).toBe(3);
  });

  it('ends a string at its closing quote, after escapes', () => {
    // An escaped backslash, then the closing quote: the brackets after it count.
    expect(deepestNesting(String.raw`{ a(b: "x\\") c(d: [1]) }`, 10)).toBe(3);
    // An escaped quote does not close it; the quote after it does.
    expect(deepestNesting(String.raw`{ a(b: "\"", c: [[1]]) }`, 10)).toBe(4);
    // The empty string is not the start of a block string.
    expect(deepestNesting('{ a(b: "", c: [1]) }', 10)).toBe(3);
    // Signs of other scripts take one or two UTF-16 units: no matter.
    expect(deepestNesting('{ a(b: "é😀[", c: [1]) }', 10)).toBe(3);
  });

  it('reads `#` in a string as text, and quotes in a comment as comment', () => {
    expect(deepestNesting('{ a(b: "#", c: [1]) }', 10)).toBe(3);
    expect(deepestNesting('{ a # """\n b(c: [1]) }', 10)).toBe(3);
    expect(deepestNesting('{ a # "\n b(c: [1]) }', 10)).toBe(3);
  });

  it('ends a comment at a line feed, a carriage return or the text', () => {
    expect(deepestNesting('{ a # x\r\n b(c: [1]) }', 10)).toBe(3);
    expect(deepestNesting('{ a(b: [1]) } # [[[[', 10)).toBe(3);
  });

  it('keeps quotes, lines and brackets inside a block string', () => {
    expect(deepestNesting('{ a(b: """ " "" [[ """, c: [1]) }', 10)).toBe(3);
    expect(deepestNesting('{ a(b: """\n[[[\n# x\n""") }', 10)).toBe(2);
    // Unterminated: the rest of the text is the string.
    expect(deepestNesting('{ a(b: """ [[[ "', 10)).toBe(2);
  });

  it('stops counting past the limit', () => {
    expect(deepestNesting('['.repeat(1_000_000), 64)).toBe(65);
    expect(deepestNesting('{ a(b: [[1]]) }', 2)).toBe(3);
  });
});

describe('deepestJsonNesting', () => {
  it('counts { and [ outside strings, escaped quotes and backslashes included', () => {
    expect(deepestJsonNesting('{"a":[1,{"b":[]}]}', 10)).toBe(4);
    expect(deepestJsonNesting('{"a":"[[[[{{{{"}', 10)).toBe(1);
    expect(deepestJsonNesting(String.raw`{"a":"\"[[[["}`, 10)).toBe(1);
    expect(deepestJsonNesting(String.raw`{"a":"\\","b":[[[]]]}`, 10)).toBe(4);
    expect(deepestJsonNesting(']]]] [', 10)).toBe(1);
    expect(deepestJsonNesting('"[[[', 10)).toBe(0);
  });

  it('counts the backslashes before a quote: an odd number escapes it', () => {
    expect(deepestJsonNesting(String.raw`{"a":"\\\"[[","b":[1]}`, 10)).toBe(2);
    expect(deepestJsonNesting(String.raw`{"a":"\\\\","b":[[1]]}`, 10)).toBe(3);
    expect(deepestJsonNesting('["",[1]]', 10)).toBe(2);
  });

  it('skips brackets in keys, and reads an unterminated string to the end', () => {
    expect(deepestJsonNesting('{"[[[":{"]]]":[]}}', 10)).toBe(3);
    expect(deepestJsonNesting('[["a[[[', 10)).toBe(2);
    expect(deepestJsonNesting('[\n [\r\n ]\t]', 10)).toBe(2);
  });

  it('stops counting past the limit', () => {
    expect(deepestJsonNesting('['.repeat(1_000_000), 64)).toBe(65);
    expect(deepestJsonNesting('{"a":[[1]]}', 2)).toBe(3);
  });
});
