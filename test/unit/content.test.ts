import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { autoParagraph, escapeHtml, filterHtml, filterUrl } from '../../src/content/html.ts';

describe('autoParagraph', () => {
  const cases: ReadonlyArray<readonly [label: string, text: string, html: string]> = [
    ['nothing stays nothing', '', ''],
    ['only white space is nothing', ' \n\n \t', ''],
    ['a line becomes a paragraph', 'Hello', '<p>Hello</p>'],
    ['surrounding white space is trimmed', '  Hello \n', '<p>Hello</p>'],
    ['a single newline becomes <br />', 'one\ntwo', '<p>one<br />\ntwo</p>'],
    ['blank lines separate paragraphs', 'one\n\ntwo', '<p>one</p>\n<p>two</p>'],
    ['several blank lines are one separator', 'one\n\n \n\ntwo', '<p>one</p>\n<p>two</p>'],
    ['Windows and old Mac line ends count as newlines', 'one\r\n\r\ntwo\rthree', '<p>one</p>\n<p>two<br />\nthree</p>'],
    [
      'a block that starts with a block element is left alone',
      '<div>box</div>\n\nafter',
      '<div>box</div>\n<p>after</p>',
    ],
    [
      'a block starting with an inline element is wrapped',
      '<strong>bold</strong> text',
      '<p><strong>bold</strong> text</p>',
    ],
    ['an existing paragraph is not wrapped again', '<p class="x">para</p>', '<p class="x">para</p>'],
  ];
  for (const [label, text, html] of cases) {
    test(label, () => assert.equal(autoParagraph(text), html));
  }
});

describe('filterHtml, post content', () => {
  const cases: ReadonlyArray<readonly [label: string, html: string, filtered: string]> = [
    ['drops <script> with its content', 'Hi<script>alert(1)</script> there', 'Hi there'],
    ['drops <style> and <iframe>', '<style>p{}</style><iframe src="https://x.example"></iframe>ok', 'ok'],
    ['drops event handler attributes', '<p onclick="steal()" class="lead">text</p>', '<p class="lead">text</p>'],
    ['drops javascript: URLs', '<a href="javascript:alert(1)">link</a>', '<a>link</a>'],
    ['drops javascript: URLs written in mixed case', '<a href="JaVaScRiPt:alert(1)">link</a>', '<a>link</a>'],
    [
      'keeps safe links and images',
      '<a href="https://example.org" target="_blank">x</a><img src="https://example.org/a.png" alt="a" />',
      '<a href="https://example.org" target="_blank">x</a><img src="https://example.org/a.png" alt="a" />',
    ],
    [
      'keeps mailto: links and formatting',
      '<p><em>Write</em> <a href="mailto:a@example.org">us</a></p>',
      '<p><em>Write</em> <a href="mailto:a@example.org">us</a></p>',
    ],
  ];
  for (const [label, html, filtered] of cases) {
    test(`without unfiltered_html: ${label}`, () => assert.equal(filterHtml(html, 'post', false), filtered));
    test(`with unfiltered_html: keeps "${html}" as sent`, () => assert.equal(filterHtml(html, 'post', true), html));
  }
});

describe('filterHtml, inline text (titles, names, short fields)', () => {
  const cases: ReadonlyArray<readonly [label: string, html: string, filtered: string]> = [
    [
      "keeps WordPress' title tags with their attributes",
      '<b>B</b> <a href="https://x.example" title="t">a</a> <abbr title="t">ab</abbr> <q cite="https://x.example">q</q> <del datetime="2026-01-01">d</del>',
      '<b>B</b> <a href="https://x.example" title="t">a</a> <abbr title="t">ab</abbr> <q cite="https://x.example">q</q> <del datetime="2026-01-01">d</del>',
    ],
    ['drops block markup and images, keeping their text', '<p>Hall</p><img src="https://x.example/a.png">', 'Hall'],
    ['drops attributes outside the list', '<b class="x" style="color:red">Bob</b>', '<b>Bob</b>'],
    [
      'drops data: and vbscript: URLs',
      '<a href="data:text/html,x">d</a><q cite="vbscript:msgbox(1)">v</q>',
      '<a>d</a><q>v</q>',
    ],
    [
      'turns a lone ampersand into an entity and stays put when filtered again',
      'Tom &amp; Jerry & co',
      'Tom &amp; Jerry &amp; co',
    ],
  ];
  for (const [label, html, filtered] of cases) {
    test(`without unfiltered_html: ${label}`, () => assert.equal(filterHtml(html, 'inline', false), filtered));
  }
  test('with unfiltered_html: keeps the text as sent', () =>
    assert.equal(filterHtml('<p onclick="x()">Hall</p>', 'inline', true), '<p onclick="x()">Hall</p>'));
});

describe('filterUrl', () => {
  test('without unfiltered_html: percent-encodes what could leave an HTML attribute', () => {
    assert.equal(filterUrl('https://x.example/a b"c\'d<e>f`g', false), 'https://x.example/a%20b%22c%27d%3Ce%3Ef%60g');
  });
  test('encodes other white space as UTF-8', () =>
    assert.equal(filterUrl('https://x.example/a\u00a0b', false), 'https://x.example/a%C2%A0b'));
  test('leaves ordinary URLs alone', () =>
    assert.equal(filterUrl('https://x.example/?a=1&b=2#top', false), 'https://x.example/?a=1&b=2#top'));
  test('with unfiltered_html: keeps the URL as sent', () =>
    assert.equal(filterUrl('https://x.example/"', true), 'https://x.example/"'));
});

describe('escapeHtml', () => {
  test('escapes the five HTML special characters', () => {
    assert.equal(
      escapeHtml(`<a href="x">'Tom' & Jerry</a>`),
      '&lt;a href=&quot;x&quot;&gt;&#039;Tom&#039; &amp; Jerry&lt;/a&gt;',
    );
  });

  test('leaves other text alone', () => {
    assert.equal(escapeHtml('Café 音楽 50%'), 'Café 音楽 50%');
  });
});
