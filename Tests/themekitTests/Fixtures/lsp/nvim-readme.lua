-- The README's Neovim configuration, as a user runs it: nvim-readme.lua is run after the
-- README's own `init.lua` block (`nvim --headless --clean -u init.lua -c 'luafile …'`), with
-- `themekit` on the PATH, in a repository holding Themes/base.plist and Themes/child.plist
-- (INHERITED_THEME base). Opens the child as a user would, so that the README's autocmd
-- starts and attaches the client; types a dangling alias and waits for its diagnostic; hovers
-- and goes to a definition in the parent. Exits 0 when every check holds, else 1.

local failures = {}
local function check(condition, what)
  if not condition then table.insert(failures, what) end
  return condition
end

local function run()
  vim.cmd("edit Themes/child.plist")
  local buf = vim.api.nvim_get_current_buf()
  if not check(vim.wait(10000, function() return #vim.lsp.buf_get_clients(buf) > 0 end, 20),
    "the README's configuration attached no client") then return end

  -- Typing: linkColor's value becomes a name that is no key.
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local row
  for index, line in ipairs(lines) do
    if line:find("<string>buttonColor</string>", 1, true) and line:find("linkColor", 1, true) then row = index - 1 end
  end
  if not check(row, "no linkColor line") then return end
  local typed = lines[row + 1]:gsub("<string>buttonColor</string>", "<string>butonColor</string>")
  vim.api.nvim_buf_set_lines(buf, row, row + 1, false, { typed })
  local found = vim.wait(10000, function()
    for _, diagnostic in ipairs(vim.diagnostic.get(buf)) do
      if diagnostic.lnum == row and diagnostic.message:find("butonColor", 1, true) then return true end
    end
    return false
  end, 20)
  check(found, "no diagnostic for the typed alias on line " .. (row + 1))

  -- Hover and definition on buttonColor's value, primaryColor, written in the parent.
  lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local value_row, column
  for index, line in ipairs(lines) do
    local at = line:find("<string>primaryColor</string>", 1, true)
    if at and not value_row then value_row, column = index - 1, at + #"<string>" + 1 end
  end
  if not check(value_row, "no primaryColor value") then return end
  local params = { textDocument = vim.lsp.util.make_text_document_params(), position = { line = value_row, character = column } }
  local hovered = false
  for _, response in pairs(vim.lsp.buf_request_sync(buf, "textDocument/hover", params, 10000) or {}) do
    local contents = response.result and response.result.contents
    if contents and (contents.value or ""):find("#35A2FB", 1, true) then hovered = true end
  end
  check(hovered, "the hover did not show #35A2FB")
  local defined = false
  for _, response in pairs(vim.lsp.buf_request_sync(buf, "textDocument/definition", params, 10000) or {}) do
    local result = response.result
    local location = result and (result[1] or result)
    if location and (location.uri or location.targetUri or ""):find("base.plist", 1, true) then defined = true end
  end
  check(defined, "the definition did not go to base.plist")
end

local ok, message = pcall(run)
if not ok then table.insert(failures, "error: " .. tostring(message)) end
if #failures == 0 then
  io.stdout:write("nvim-readme: ok\n")
  vim.cmd("qall!")
else
  for _, failure in ipairs(failures) do io.stderr:write("nvim-readme: " .. failure .. "\n") end
  vim.cmd("cquit 1")
end
