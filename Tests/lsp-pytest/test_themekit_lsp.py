"""`themekit lsp` driven by pytest-lsp: every answer and notification is structured into
lsprotocol's LSP 3.17 types on the way in, so a field of the wrong type fails the test."""

from __future__ import annotations

import asyncio
import json

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import BASE, CHILD, diagnostics, end_session, open_document, plist, position_of


def uri_of(client: LanguageClient, name: str) -> str:
    return (client.workspace / "Themes" / name).as_uri()


async def test_initialize_answers_capabilities_and_registration_answers_nothing_back(client: LanguageClient):
    capabilities = client.initialize_result.capabilities
    assert capabilities.position_encoding == types.PositionEncodingKind.Utf16
    assert capabilities.hover_provider is True
    assert capabilities.definition_provider is True
    assert capabilities.color_provider is True
    assert capabilities.completion_provider is not None
    assert client.initialize_result.server_info.name == "themekit"
    # VS Code's capabilities offer dynamic registration of watched files: the server asks,
    # the client answers with a null result, and the server must not answer that answer.
    await asyncio.wait_for(_until(lambda: client.registrations), 30)
    assert [r.method for r in client.registrations] == ["workspace/didChangeWatchedFiles"]
    await end_session(client)
    assert client.protocol.unexpected_responses == []
    assert client._server.returncode == 0


async def _until(condition, step: float = 0.05):
    while not condition():
        await asyncio.sleep(step)


async def test_diagnostics_of_unsaved_buffer(client: LanguageClient):
    uri = uri_of(client, "child.plist")
    typed = CHILD.replace("@primaryColor", "@primeColor")
    open_document(client, uri, typed)
    found = await diagnostics(client, uri, lambda d: any(x.code == "unresolved_alias" for x in d))
    dangling = next(x for x in found if x.code == "unresolved_alias")
    assert dangling.severity == types.DiagnosticSeverity.Error
    assert dangling.source == "themelint"
    assert dangling.range.start == position_of(typed, "<string>@primeColor")
    assert "@primeColor" in dangling.message
    # Typed back: the error goes.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=CHILD)],
        )
    )
    await diagnostics(client, uri, lambda d: not any(x.code == "unresolved_alias" for x in d))
    assert client.protocol.unexpected_responses == []


async def test_hover_tells_resolved_color_and_chain(client: LanguageClient):
    uri = uri_of(client, "child.plist")
    open_document(client, uri, CHILD)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(CHILD, "@primaryColor", 2)
        )
    )
    assert hover is not None
    assert isinstance(hover.contents, types.MarkupContent)
    assert hover.contents.kind == types.MarkupKind.Markdown
    assert "#35A2FB" in hover.contents.value
    assert "`primaryColor` is written at `base.plist:" in hover.contents.value
    assert hover.range.start == position_of(CHILD, "<string>@primaryColor")


async def test_definition_crosses_inheritance(client: LanguageClient):
    uri = uri_of(client, "child.plist")
    open_document(client, uri, CHILD)
    found = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(CHILD, "@primaryColor", 3)
        )
    )
    assert isinstance(found, list) and len(found) == 1
    assert found[0].uri == uri_of(client, "base.plist")
    assert found[0].range.start == position_of(BASE, "<key>primaryColor")
    parent = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(CHILD, "<string>base", 9)
        )
    )
    assert [location.uri for location in parent] == [uri_of(client, "base.plist")]


async def test_document_colors_resolve_aliases(client: LanguageClient):
    uri = uri_of(client, "base.plist")
    open_document(client, uri, BASE)
    colors = await client.text_document_document_color_async(
        types.DocumentColorParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    by_line = {color.range.start.line: color.color for color in colors}
    alias_line = position_of(BASE, "<string>primaryColor").line
    assert set(by_line) == {position_of(BASE, "#35A2FB").line, alias_line}
    assert by_line[alias_line].red == pytest.approx(0x35 / 255)
    assert by_line[alias_line].blue == pytest.approx(0xFB / 255)
    presented = await client.text_document_color_presentation_async(
        types.ColorPresentationParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            color=types.Color(red=1.0, green=0.5, blue=0.0, alpha=1.0),
            range=colors[0].range,
        )
    )
    assert [p.label for p in presented] == ["#FF8000"]


async def test_completion_offers_keys_of_the_kind_and_theme_names(client: LanguageClient):
    uri = uri_of(client, "child.plist")
    typing = CHILD.replace("<string>@primaryColor</string>", "<string>pr</string>")
    open_document(client, uri, typing)
    answer = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(typing, "pr</string>", 2)
        )
    )
    assert isinstance(answer, types.CompletionList)
    assert [item.label for item in answer.items] == ["primaryColor"]
    assert answer.items[0].text_edit.new_text == "primaryColor"
    names = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(typing, "base</string>")
        )
    )
    assert [item.label for item in names.items] == ["base"]


async def test_inheritance_cycle_is_diagnosed_in_both_open_themes(client: LanguageClient):
    texts = {
        "a": plist("<key>INHERITED_THEME</key>", "<string>b</string>"),
        "b": plist("<key>INHERITED_THEME</key>", "<string>a</string>"),
    }
    for name, text in texts.items():
        (client.workspace / "Themes" / f"{name}.plist").write_text(text)
    for name, text in texts.items():
        open_document(client, uri_of(client, f"{name}.plist"), text)
    for name, parent in [("a", "b"), ("b", "a")]:
        found = await diagnostics(
            client, uri_of(client, f"{name}.plist"), lambda d: any(x.code == "inheritance_cycle" for x in d)
        )
        cycle = next(x for x in found if x.code == "inheritance_cycle")
        assert cycle.range.start == position_of(texts[name], f"<string>{parent}")
        assert f"inheritance cycle: {parent} → {name} → {parent}" in cycle.message


async def test_lone_carriage_returns_end_lines(client: LanguageClient):
    text = CHILD.replace("\n", "\r").replace("@primaryColor", "@primeColor")
    uri = uri_of(client, "child.plist")
    open_document(client, uri, text)
    found = await diagnostics(client, uri, lambda d: any(x.code == "unresolved_alias" for x in d))
    dangling = next(x for x in found if x.code == "unresolved_alias")
    assert dangling.range.start == position_of(text, "<string>@primeColor")
    assert dangling.range.start.line > 0


TOKENS = """{
  "color": {
    "$type": "color",
    "$description": "Brand colors",
    "blue": { "$value": { "colorSpace": "srgb", "components": [0.2, 0.4, 0.8], "hex": "#3366cc" } },
    "p3": { "$value": { "colorSpace": "display-p3", "components": [0.1, 0.5, 0.3] } },
    "accent": { "$value": "{color.blue}" },
    "ghost": { "$value": "{color.missing}" }
  },
  "space": {
    "$type": "dimension",
    "small": { "$value": { "value": 4, "unit": "px" } },
    "gap": { "$value": { "$ref": "#/space/small/$value" } }
  }
}
"""


async def test_tokens_file_diagnostics_hover_definition_and_colors(client: LanguageClient):
    path = client.workspace / "Tokens" / "design.tokens.json"
    path.parent.mkdir()
    path.write_text(TOKENS)
    uri = path.as_uri()
    open_document(client, uri, TOKENS, language_id="json")
    # A dangling reference: an error over the whole reference, quotes included.
    found = await diagnostics(client, uri, lambda d: any(x.code == "unresolved_alias" for x in d))
    dangling = next(x for x in found if x.code == "unresolved_alias")
    assert dangling.severity == types.DiagnosticSeverity.Error
    assert dangling.range.start == position_of(TOKENS, '"{color.missing}"')
    assert dangling.range.end == position_of(TOKENS, '"{color.missing}"', len('"{color.missing}"'))
    # Hover on a reference: the token it names, resolved, with its kind and description.
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(TOKENS, "{color.blue}", 3)
        )
    )
    assert isinstance(hover.contents, types.MarkupContent)
    assert hover.contents.value.startswith("**`color.blue`** — color (declared by `color.$type`)")
    assert "`Brand colors`" in hover.contents.value
    assert hover.range.start == position_of(TOKENS, '"{color.blue}"')
    # Definition of the curly reference and of the JSON pointer.
    found = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(TOKENS, "{color.blue}", 3)
        )
    )
    assert [(x.uri, x.range.start) for x in found] == [(uri, position_of(TOKENS, '"blue"'))]
    pointed = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(TOKENS, "#/space/small", 3)
        )
    )
    assert [x.range.start for x in pointed] == [position_of(TOKENS, '{ "value": 4')]
    # Colors: blue, p3 (converted to sRGB) and accent; each over its whole $value.
    colors = await client.text_document_document_color_async(
        types.DocumentColorParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    by_line = {color.range.start.line: color for color in colors}
    blue_line = position_of(TOKENS, '"blue"').line
    assert set(by_line) == {blue_line, position_of(TOKENS, '"p3"').line, position_of(TOKENS, '"accent"').line}
    assert by_line[blue_line].color.red == pytest.approx(0x33 / 255)
    assert by_line[blue_line].range.start == position_of(TOKENS, '{ "colorSpace": "srgb"')
    presented = await client.text_document_color_presentation_async(
        types.ColorPresentationParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            color=types.Color(red=1.0, green=0.5, blue=0.0, alpha=1.0),
            range=by_line[blue_line].range,
        )
    )
    assert [p.label for p in presented] == ['{"colorSpace": "srgb", "components": [1, 0.5, 0], "hex": "#ff8000"}']
    assert client.protocol.unexpected_responses == []


def framed(message: dict, length: int | None = None, header: str | None = None) -> bytes:
    body = json.dumps(message, ensure_ascii=False).encode()
    if header is None:
        header = f"Content-Length: {len(body) if length is None else length}\r\n"
    return header.encode() + b"\r\n" + body


@pytest.mark.parametrize(
    "bad",
    ["characters-not-bytes", "longer", "not-a-number", "missing", "huge"],
)
async def test_a_bad_frame_costs_one_error_and_the_next_request_is_answered(client: LanguageClient, bad: str):
    uri = uri_of(client, "child.plist")
    open_document(client, uri, CHILD)
    message = {
        "jsonrpc": "2.0",
        "id": 999,
        "method": "textDocument/hover",
        "params": {"textDocument": {"uri": "file:///café.plist"}, "position": {"line": 0, "character": 0}},
    }
    text = json.dumps(message, ensure_ascii=False)
    frames = {
        # pygls itself writes len(body) of the str: characters, not bytes.
        "characters-not-bytes": framed(message, length=len(text)),
        "longer": framed(message, length=len(text.encode()) + 10),
        "not-a-number": framed(message, header="Content-Length: ten\r\n"),
        "missing": framed(message, header="Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"),
        "huge": framed(message, length=999999999999),
    }
    client.protocol.writer.write(frames[bad])
    hover = await asyncio.wait_for(
        client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(CHILD, "@primaryColor", 2)
            )
        ),
        30,
    )
    assert "#35A2FB" in hover.contents.value
    # The bad frame was answered with errors of id null, nothing else.
    assert client.protocol.unexpected_responses
    assert all(msg_id is None for msg_id, _ in client.protocol.unexpected_responses)
    assert all(error.code in (-32600, -32700) for _, error in client.protocol.unexpected_responses)
    await end_session(client)
    assert client._server.returncode == 0


async def test_shutdown_then_exit_ends_with_status_0(client: LanguageClient):
    await end_session(client)
    assert client._server.returncode == 0
