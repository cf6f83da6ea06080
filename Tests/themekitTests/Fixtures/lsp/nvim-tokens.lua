-- End to end on a DTCG tokens file: Neovim's built-in LSP client against `themekit lsp`.
--
--   THEMEKIT=.build/debug/themekit THEMEKIT_LSP_ROOT=/path/to/repo \
--     nvim --headless --clean -c 'luafile Tests/themekitTests/Fixtures/lsp/nvim-tokens.lua'
--
-- The root holds Tokens/design.tokens.json: color.blue (an sRGB color object), color.accent
-- ({color.blue}) and color.ghost ({color.missing}). Opens it, waits for the dangling
-- reference's diagnostic over the whole reference, hovers the reference, goes to its
-- definition and asks for the document's colors. Exits 0 when every check holds, else 1
-- after printing what failed.

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
  vim.cmd("edit " .. vim.fn.fnameescape(root .. "/Tokens/design.tokens.json"))
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client_id)
  if not check(vim.wait(10000, function() return initialized end, 20), "the server did not initialize") then return end
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)

  -- The dangling reference: an error over the whole "{color.missing}", quotes included.
  local errors = {}
  local arrived = vim.wait(10000, function()
    errors = vim.diagnostic.get(buf, { severity = vim.diagnostic.severity.ERROR })
    return #errors > 0
  end, 20)
  local row, text = line_of(lines, '"{color.missing}"')
  if check(arrived, "no error diagnostic") and check(row, "no {color.missing}") then
    local found = errors[1]
    check(found.code == "unresolved_alias", "the error is " .. tostring(found.code))
    check(found.lnum == row, "the diagnostic is on line " .. found.lnum .. ", not " .. row)
    local first = text:find('"{color.missing}"', 1, true) - 1
    check(found.col == first, "the diagnostic starts at column " .. found.col .. ", not " .. first)
    local last = first + #'"{color.missing}"'
    check(found.end_col == last, "the diagnostic ends at column " .. tostring(found.end_col) .. ", not " .. last)
  end

  -- Hover the reference {color.blue}: the token it names, resolved.
  local ref_row, ref_text = line_of(lines, "{color.blue}")
  if not check(ref_row, "no {color.blue}") then return end
  vim.api.nvim_win_set_cursor(0, { ref_row + 1, ref_text:find("{color.blue}", 1, true) + 2 })
  local params = vim.lsp.util.make_position_params()
  local hovers = vim.lsp.buf_request_sync(buf, "textDocument/hover", params, 10000) or {}
  local hover = hovers[client_id] and hovers[client_id].result
  if check(hover, "no hover") then
    local value = hover.contents.value or ""
    check(value:find("#3366CC", 1, true), "the hover does not show #3366CC: " .. value)
    check(value:find("color.blue", 1, true), "the hover does not name color.blue: " .. value)
  end

  -- Definition of the reference: the token's name.
  local definitions = vim.lsp.buf_request_sync(buf, "textDocument/definition", params, 10000) or {}
  local result = definitions[client_id] and definitions[client_id].result
  if check(result and result[1], "no definition") then
    local blue_row = line_of(lines, '"blue"')
    check(result[1].range.start.line == blue_row,
      "definition on line " .. result[1].range.start.line .. ", not " .. tostring(blue_row))
  end

  -- The document's colors: blue and its alias accent.
  local colors = vim.lsp.buf_request_sync(buf, "textDocument/documentColor",
    { textDocument = vim.lsp.util.make_text_document_params() }, 10000) or {}
  local found = colors[client_id] and colors[client_id].result
  if check(found, "no document colors") then
    check(#found == 2, "there are " .. #found .. " colors, not 2")
  end

  vim.lsp.stop_client(client_id)
end

local ok, problem = pcall(run)
if not ok then table.insert(failures, "error: " .. tostring(problem)) end
if #failures > 0 then
  for _, failure in ipairs(failures) do io.stderr:write("nvim-tokens: " .. failure .. "\n") end
  vim.cmd("cquit 1")
else
  io.stdout:write("nvim-tokens: ok\n")
  vim.cmd("qall!")
end
