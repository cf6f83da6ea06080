-- End to end: Neovim's built-in LSP client (0.7 and later) against `themekit lsp`.
--
--   THEMEKIT=.build/debug/themekit THEMEKIT_LSP_ROOT=/path/to/repo \
--     nvim --headless --clean -c 'luafile Tests/themekitTests/Fixtures/lsp/nvim-e2e.lua'
--
-- The root holds Themes/base.plist (primaryColor, buttonColor: primaryColor) and
-- Themes/child.plist (INHERITED_THEME base; linkColor: buttonColor; accentColor:
-- @primaryColor). Opens the child, types an edit that makes a dangling alias, waits for
-- its diagnostic, hovers a color and goes to a definition across INHERITED_THEME. Exits 0
-- when every check holds, else 1 after printing what failed.

local root = assert(vim.env.THEMEKIT_LSP_ROOT, "set THEMEKIT_LSP_ROOT")
local themekit = assert(vim.env.THEMEKIT, "set THEMEKIT")
local failures = {}

local function check(condition, what)
  if not condition then table.insert(failures, what) end
  return condition
end

-- The 0-based line of the first line of `lines` that contains `needle` (plain text).
local function line_of(lines, needle)
  for index, line in ipairs(lines) do
    if line:find(needle, 1, true) then return index - 1, line end
  end
  return nil, nil
end

local function run()
  local initialized = false
  local client_id = vim.lsp.start_client({
    name = "themekit",
    cmd = { themekit, "lsp" },
    root_dir = root,
    on_init = function() initialized = true end,
  })
  if not check(client_id, "start_client failed") then return end
  vim.cmd("edit " .. vim.fn.fnameescape(root .. "/Themes/child.plist"))
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client_id)
  if not check(vim.wait(10000, function() return initialized end, 20), "the server did not initialize") then return end

  -- Type an edit: delete one letter of `buttonColor` in linkColor's value.
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local row, text = line_of(lines, "<string>buttonColor</string>")
  if not check(row, "the child has no <string>buttonColor</string>") then return end
  local col = text:find("buttonColor", 1, true) -- 1-based: the 'b'
  vim.api.nvim_win_set_cursor(0, { row + 1, col + 2 }) -- on the second 't'
  vim.cmd("normal! x")
  check(vim.api.nvim_buf_get_lines(buf, row, row + 1, false)[1]:find("butonColor", 1, true), "the edit was not made")

  local errors = {}
  local arrived = vim.wait(10000, function()
    errors = vim.diagnostic.get(buf, { severity = vim.diagnostic.severity.ERROR })
    return #errors > 0
  end, 20)
  if check(arrived, "no error diagnostic after the edit") then
    local found = errors[1]
    check(found.lnum == row, "the diagnostic is on line " .. found.lnum .. ", not " .. row)
    -- Neovim turns the server's UTF-16 column into a byte column: the <string>'s.
    local expected = text:find("<string>", 1, true) - 1
    check(found.col == expected, "the diagnostic is at column " .. found.col .. ", not " .. expected)
    check(found.message:find("did you mean 'buttonColor'", 1, true), "unexpected message: " .. found.message)
  end

  -- Hover accentColor's value, an alias of the parent's primaryColor.
  lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local alias_row, alias_text = line_of(lines, "@primaryColor")
  if not check(alias_row, "the child has no @primaryColor") then return end
  vim.api.nvim_win_set_cursor(0, { alias_row + 1, alias_text:find("@primaryColor", 1, true) + 2 })
  local params = vim.lsp.util.make_position_params()
  local hovers = vim.lsp.buf_request_sync(buf, "textDocument/hover", params, 10000) or {}
  local hover = hovers[client_id] and hovers[client_id].result
  if check(hover, "no hover") then
    local value = hover.contents.value or ""
    check(value:find("#35A2FB", 1, true), "the hover does not show #35A2FB: " .. value)
    check(value:find("color", 1, true), "the hover does not say color: " .. value)
  end

  -- Definition of the alias: the key in the parent's file.
  local definitions = vim.lsp.buf_request_sync(buf, "textDocument/definition", params, 10000) or {}
  local result = definitions[client_id] and definitions[client_id].result
  if check(result and result[1], "no definition") then
    local location = result[1]
    check(location.uri == vim.uri_from_fname(root .. "/Themes/base.plist"), "definition in " .. location.uri)
    local base_lines = vim.fn.readfile(root .. "/Themes/base.plist")
    local key_row = line_of(base_lines, "<key>primaryColor</key>")
    check(location.range.start.line == key_row,
      "definition on line " .. location.range.start.line .. ", not " .. tostring(key_row))
  end

  vim.lsp.stop_client(client_id)
end

local ok, problem = pcall(run)
if not ok then table.insert(failures, "error: " .. tostring(problem)) end
if #failures > 0 then
  for _, failure in ipairs(failures) do io.stderr:write("nvim-e2e: " .. failure .. "\n") end
  vim.cmd("cquit 1")
else
  io.stdout:write("nvim-e2e: ok\n")
  vim.cmd("qall!")
end
