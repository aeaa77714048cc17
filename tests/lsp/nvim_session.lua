-- The editor session of tests/it/lsp.rs through Neovim's own LSP client, headless: open the
-- textbook minimax, wait for ply's diagnostics, go to a definition, hover, list references,
-- complete, take a quick fix, change the text, and stop the server. Works with Neovim 0.7
-- (vim.lsp.start_client) and later. Prints one line per check; exits 0 when all pass.
--
-- Run: PLY=target/debug/ply nvim --headless --clean -c "luafile tests/lsp/nvim_session.lua"

local ply = os.getenv('PLY') or 'ply'
local file = os.getenv('PLY_LSP_FILE') or 'programs/textbook/bratko_15_3_minimax_verbatim.pl'
local failures = 0

local function say(s) io.stdout:write(s .. '\n') end
local function check(ok, what, detail)
  if ok then say('ok   ' .. what) else failures = failures + 1; say('FAIL ' .. what .. ' ' .. vim.inspect(detail)) end
end
local function finish()
  io.stdout:flush()
  vim.cmd(failures == 0 and 'qall!' or 'cquit! 1')
end

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)

-- The 0-based line and UTF-16 column of the nth occurrence of `needle`.
local function place(needle, nth)
  nth = nth or 1
  for i, line in ipairs(lines) do
    local from = 1
    while true do
      local s = string.find(line, needle, from, true)
      if not s then break end
      nth = nth - 1
      if nth == 0 then
        local _, col16 = vim.str_utfindex(line, s - 1)
        return { line = i - 1, character = col16 }
      end
      from = s + 1
    end
  end
end

local client_id = vim.lsp.start_client({
  name = 'ply',
  cmd = { ply, 'lsp' },
  root_dir = vim.fn.getcwd(),
})
check(client_id ~= nil, 'the server starts')
vim.lsp.buf_attach_client(buf, client_id)
local client = vim.lsp.get_client_by_id(client_id)

local function branch_diags()
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == 'branch_singleton' then table.insert(out, d) end
  end
  return out
end
vim.wait(30000, function() return #branch_diags() > 0 end, 50)
local diags = branch_diags()
local oc = place('Оц >')
check(#diags == 2 and diags[1].lnum == oc.line and string.find(diags[1].message, 'Оц0', 1, true) ~= nil,
  'the `Оц0` diagnostic on its line', diags)

local function at(p) return { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = p } end

local call = place('выбор( Поз1')
local r = client.request_sync('textDocument/definition', at(call), 10000, buf)
local head = place('выбор( Поз0')
local def = r and r.result and r.result[1]
check(def and def.range.start.line == head.line and def.range.start.character == head.character,
  'definition of выбор is the first выбор/6 clause', r)

r = client.request_sync('textDocument/hover', at(place('ходы(')), 10000, buf)
local value = r and r.result and r.result.contents and r.result.contents.value or ''
check(string.find(value, 'moves(+Pos, -SuccList)', 1, true) ~= nil, 'hover on ходы shows its documentation', value)

local refs_params = at(head)
refs_params.context = { includeDeclaration = false }
r = client.request_sync('textDocument/references', refs_params, 10000, buf)
check(r and r.result and #r.result == 1 and r.result[1].range.start.line == call.line, 'references of выбор/6', r)

-- A quick fix, asked for where the diagnostic is, and applied as Neovim applies edits.
local d = diags[1]
local range = { start = { line = d.lnum, character = oc.character }, ['end'] = { line = d.end_lnum, character = oc.character + 2 } }
r = client.request_sync('textDocument/codeAction', {
  textDocument = { uri = vim.uri_from_bufnr(buf) }, range = range, context = { diagnostics = {} },
}, 10000, buf)
local fix
for _, a in ipairs(r and r.result or {}) do
  if a.title == 'Rename `Оц` to `Оц0`' then fix = a end
end
check(fix ~= nil, 'the quick fix renames `Оц` to `Оц0`', r)
if fix then
  vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding or 'utf-16')
  vim.wait(30000, function() return #branch_diags() == 0 end, 50)
  check(#branch_diags() == 0, 'after the fix (sent as didChange) the warning is gone', vim.diagnostic.get(buf))
end

-- Type the start of a call and complete it.
local last = vim.api.nvim_buf_line_count(buf)
vim.api.nvim_buf_set_lines(buf, last, last, false, { 'проба :- ход' })
local col = vim.str_utfindex('проба :- ход')
vim.wait(200)
r = client.request_sync('textDocument/completion', at({ line = last, character = col }), 10000, buf)
local labels = {}
for _, item in ipairs(r and r.result and (r.result.items or r.result) or {}) do labels[item.label] = true end
check(labels['ходы/2'] and labels['ход_мина/1'], 'completion of ход offers ходы/2 and ход_мина/1', labels)

vim.lsp.stop_client(client_id)
vim.wait(10000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
check(vim.lsp.get_client_by_id(client_id) == nil, 'shutdown and exit')
finish()
