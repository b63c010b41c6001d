// Starts `meeple lsp` for .game files (the language server does the rest).
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('meeple').get('path') || 'meeple';
  client = new LanguageClient(
    'meeple',
    'meeple',
    { command, args: ['lsp'] },
    { documentSelector: [{ language: 'meeple' }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client && client.stop();
}

module.exports = { activate, deactivate };
