-- meeple's language server in Neovim: `:luafile editors/meeple-nvim.lua`, or
-- copy it into your config (e.g. ~/.config/nvim/lua/meeple.lua and
-- `require('meeple')` from init.lua). `.game` buffers get the filetype
-- `meeple` and a `meeple lsp` client. Neovim 0.8+ has vim.lsp.start (one
-- server shared by the buffers of a root); 0.7 (Debian 12) has
-- vim.lsp.start_client + vim.lsp.buf_attach_client, used when it is missing.
local client_id -- the one client on Neovim 0.7

local function start(bufnr)
  local config = {
    name = 'meeple',
    cmd = { vim.env.MEEPLE_BIN or 'meeple', 'lsp' },
    root_dir = vim.fn.getcwd(),
  }
  vim.bo[bufnr].filetype = 'meeple'
  if vim.lsp.start then
    return vim.lsp.start(config, { bufnr = bufnr })
  end
  client_id = client_id or vim.lsp.start_client(config)
  if client_id then
    vim.lsp.buf_attach_client(bufnr, client_id)
  end
  return client_id
end

vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
  pattern = '*.game',
  callback = function(args)
    start(args.buf)
  end,
})

-- `.game` buffers opened before this file ran (`nvim x.game -c 'luafile …'`).
for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
  if vim.api.nvim_buf_is_loaded(bufnr) and vim.api.nvim_buf_get_name(bufnr):match('%.game$') then
    start(bufnr)
  end
end

return { start = start }
