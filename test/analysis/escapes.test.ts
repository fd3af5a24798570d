// The text facts read a text with its escapes decoded too (an escape may spell a name: `"session\u002Fprompt"`).
// The decoder scans from backslash to backslash; it must spell exactly what the escapes of JavaScript spell, as this
// regular expression (the decoder it replaced, too slow on files full of escapes) reads them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeEscapes } from "../../src/analysis/text-facts.js";

const ESCAPES = /\\(?:u\{([\da-fA-F]{1,6})\}|u([\da-fA-F]{4})|x([\da-fA-F]{2})|([0-7]{1,3})|(\r\n|\r|\n|\u2028|\u2029)|([^]))/gu;

function reference(text: string): string {
  return text.replace(ESCAPES, (_, braced?: string, unicode?: string, hex?: string, octal?: string, continuation?: string, other?: string) => {
    const code = braced ?? unicode ?? hex;
    if (code !== undefined) return String.fromCodePoint(Math.min(Number.parseInt(code, 16), 0x10ffff));
    if (octal !== undefined) return String.fromCharCode(Number.parseInt(octal, 8));
    return continuation !== undefined ? "" : other!;
  });
}

describe("decodeEscapes", () => {
  it.each([
    ['"session\\u002Fprompt"', '"session/prompt"'],
    ["c\\u{6F}de: 1", "code: 1"],
    ["c\\u{00000006F}de", "cu{00000006F}de"],
    ["\\x41\\x4", "Ax4"],
    ["\\101\\0\\8", "A\u0000" + "8"],
    ["line\\\r\ncontinued\\\nhere\\\u2028", "linecontinuedhere"],
    ["\\/\\.\\\\", "/.\\"],
    ["\\\u{1F600}", "\u{1F600}"],
    ["ends with \\", "ends with \\"],
    ["no escape", "no escape"],
  ])("%j spells %j", (text, spelt) => {
    expect(decodeEscapes(text)).toBe(spelt);
    expect(reference(text)).toBe(spelt);
  });

  it("spells what the regular expression spells, for any text of escapes and their neighbours", () => {
    const piece = fc.oneof(
      fc.constantFrom("\\", "\\", "\\", "u", "x", "{", "}", "0", "1", "7", "8", "a", "F", "g", "\r", "\n", "\u2028", "\u2029", "\u{1F600}", "\uD800", " ", '"'),
      fc.string({ maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join("");
        expect(decodeEscapes(text)).toBe(reference(text));
      }),
      { numRuns: 5000 },
    );
  });
});
