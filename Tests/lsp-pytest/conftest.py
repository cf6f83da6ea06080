"""`themekit lsp` under a second real client: pytest-lsp (pygls), which structures every
message the server sends into the LSP 3.17 types of lsprotocol, and fails on one that does
not fit.

The server is the built binary named by the THEMEKIT environment variable; the Swift test
`LSPPytestTests` runs this suite with it. Each test gets a server of its own, initialized as
VS Code initializes one (its capabilities, dynamic registration among them), in a folder of
its own holding `Themes/base.plist` and `Themes/child.plist`.
"""

from __future__ import annotations

import asyncio
import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pygls.protocol import default_converter
from pytest_lsp.client import register_lsp_features
from pytest_lsp.protocol import LanguageClientProtocol

BINARY = os.environ.get("THEMEKIT", "")
if not BINARY or not os.access(BINARY, os.X_OK):
    raise pytest.UsageError(f"THEMEKIT must name the built themekit binary (it is {BINARY!r})")


def plist(*lines: str) -> str:
    """A theme file holding `lines` in its top dictionary."""
    return "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
            '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
            '<plist version="1.0">',
            "<dict>",
            *lines,
            "</dict>",
            "</plist>",
            "",
        ]
    )


BASE = plist(
    "<key>primaryColor</key>",
    "<string>#35A2FB</string>",
    "<key>buttonColor</key>",
    "<string>primaryColor</string>",
    "<key>titleSize</key>",
    "<integer>17</integer>",
)

CHILD = plist(
    "<key>INHERITED_THEME</key>",
    "<string>base</string>",
    "<key>buttonColor</key>",
    "<string>@primaryColor</string>",
)


class RecordingProtocol(LanguageClientProtocol):
    """Records what the server sent that answers nothing the client asked: a response the
    server should not have sent (to one of the client's own responses, say)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.unexpected_responses: list[tuple[object, object]] = []

    def _handle_response(self, msg_id, result=None, error=None):
        if msg_id not in self._request_futures:
            self.unexpected_responses.append((msg_id, error))
        return super()._handle_response(msg_id, result, error)


def make_client() -> LanguageClient:
    """pytest-lsp's client, answering `client/registerCapability` as VS Code does: with a
    `null` result."""
    client = LanguageClient(protocol_cls=RecordingProtocol, converter_factory=default_converter)
    register_lsp_features(client)
    client.registrations = []

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        client.registrations.extend(params.registrations)
        return None

    return client


@pytest.fixture
def workspace(tmp_path: pathlib.Path) -> pathlib.Path:
    """A repository with a parent theme and a child that inherits from it."""
    themes = tmp_path / "Themes"
    themes.mkdir()
    (themes / "base.plist").write_text(BASE)
    (themes / "child.plist").write_text(CHILD)
    return tmp_path


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"], client_factory=make_client))
async def client(lsp_client: LanguageClient, workspace: pathlib.Path):
    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            root_uri=workspace.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="themes")],
        )
    )
    lsp_client.workspace = workspace
    yield
    # A test that ends the session itself (to check the exit status) has ended it already.
    if lsp_client._server is not None and lsp_client._server.returncode is None:
        await end_session(lsp_client)


async def end_session(client: LanguageClient, timeout: float = 30):
    """`shutdown` then `exit`, and the end of the process; a server that does not answer in
    `timeout` seconds is killed (pytest-lsp would wait for it for ever) and fails the test."""
    try:
        await asyncio.wait_for(client.shutdown_session(), timeout)
    except asyncio.TimeoutError:
        client._server.kill()
        await client._server.wait()
        raise AssertionError(f"themekit lsp did not answer shutdown and exit within {timeout} s")


async def diagnostics(client: LanguageClient, uri: str, accept=lambda diagnostics: True, timeout: float = 30):
    """The first diagnostics published for `uri` that `accept`, already received or next."""

    async def wait():
        while True:
            known = client.diagnostics.get(uri)
            if known is not None and accept(known):
                return known
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    return await asyncio.wait_for(wait(), timeout)


def open_document(client: LanguageClient, uri: str, text: str, version: int = 1, language_id: str = "xml"):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id=language_id, version=version, text=text)
        )
    )


def position_of(text: str, needle: str, offset: int = 0) -> types.Position:
    """The LSP position (UTF-16) of `needle` in `text`, moved `offset` characters on."""
    for number, line in enumerate(text.splitlines()):
        if needle in line:
            column = len(line[: line.index(needle)].encode("utf-16-le")) // 2
            return types.Position(line=number, character=column + offset)
    raise AssertionError(f"no line holds {needle!r}")
