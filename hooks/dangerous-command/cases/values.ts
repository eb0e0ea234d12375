/**
 * Paths interpreter code computes from known parts: a name assigned once, `os.path.join`/`path.join` of
 * the home or temp directory and literal names, fresh temp folders (`tempfile.mkdtemp()`), literal glob
 * patterns (`glob "*.tmp"`). A false alarm on a list written apart from these tables (temp folders and
 * project globs were asked about) showed the need; the evasions are the same forms aimed at home.
 */
import type { HookCase } from "../../../shared/hook-case.ts";
import { asks, denies, passes } from "./make.ts";

export const valueEvasions: HookCase[] = [
  denies("a name assigned a system folder", "python3 -c \"import shutil; target = '/usr/share'; shutil.rmtree(target)\"", "delete-system"),
  denies("os.path.join of home and a credential folder", "python -c \"import os, shutil; shutil.rmtree(os.path.join(os.path.expanduser('~'), '.gnupg'))\"", "delete-credentials"),
  denies("path.join held in a const", "node -e \"const d = require('path').join(require('os').homedir(), '.kube'); require('fs').rmSync(d, {recursive: true, force: true})\"", "delete-credentials"),
  denies("ruby File.join of Dir.home", "ruby -rfileutils -e 'FileUtils.rm_rf(File.join(Dir.home, \".ssh\"))'", "delete-credentials"),
  denies("perl glob of a credential folder", "perl -e 'unlink glob(\"~/.aws/*\")'", "delete-credentials"),
  denies("the path module under another name", "node -e \"const P = require('node:path'), O = require('os'); require('fs').rmSync(P.join(O.homedir(), '.docker'), {recursive: true})\"", "delete-credentials"),
  denies("home joined by +", "node -e \"require('fs').rmSync(require('os').homedir() + '/.config/gh', {recursive: true, force: true})\"", "delete-credentials"),
  denies("home joined by perl's .", "perl -MFile::Path -e 'remove_tree($ENV{HOME} . \"/.gnupg\")'", "delete-credentials"),
  asks("temp joined with a climb out of it", "node -e \"require('fs').rmSync(require('os').tmpdir() + '/../srv', {recursive: true})\"", "delete-unknown-target"),
  asks("a name assigned twice is not guessed", "python3 -c \"import shutil; d = 'build'; d = input(); shutil.rmtree(d)\"", "delete-unknown-target"),
  asks("a temp name changed after it was made", "python3 -c \"import shutil, tempfile; d = tempfile.mkdtemp(); d += '/../..'; shutil.rmtree(d)\"", "delete-unknown-target"),
  asks("a temp name rebound by a loop", "python3 -c \"import shutil, tempfile; d = tempfile.mkdtemp()\nfor d in ['/home']: shutil.rmtree(d)\"", "delete-unknown-target"),
  asks("the temp directory itself", "python3 -c \"import shutil, tempfile; shutil.rmtree(tempfile.gettempdir())\"", "delete-outside-project"),
  asks("os.tmpdir() itself", "node -e \"require('fs').rmSync(require('os').tmpdir(), {recursive: true, force: true})\"", "delete-outside-project"),
  asks("a glob that interpolates", "perl -e 'unlink glob \"$ENV{HOME}/.config/*\"'", "delete-unknown-target"),
];

export const valueNearMisses: HookCase[] = [
  passes("a fresh temp folder removed", "python -c \"import shutil, tempfile; work = tempfile.mkdtemp(prefix='t'); shutil.rmtree(work)\""),
  passes("mkdtempSync removed", "node -e \"const fs = require('fs'); const d = fs.mkdtempSync(require('path').join(require('os').tmpdir(), 'x-')); fs.rmSync(d, {recursive: true})\""),
  passes("a folder under os.tmpdir()", "node -e \"require('fs').rmSync(require('path').join(require('os').tmpdir(), 'vite-cache'), {recursive: true, force: true})\""),
  passes("a folder under gettempdir()", "python3 -c \"import os, shutil, tempfile; shutil.rmtree(os.path.join(tempfile.gettempdir(), 'pytest-of-dev'), True)\""),
  passes("require('fs').mkdtempSync removed", "node -e \"const d = require('fs').mkdtempSync(require('os').tmpdir() + '/x'); require('fs').rmSync(d, {recursive: true})\""),
  passes("Dir.mktmpdir removed", "ruby -rfileutils -rtmpdir -e 'd = Dir.mktmpdir; FileUtils.rm_rf(d)'"),
  passes("a project build folder by name", "python3 -c \"import shutil; out = 'dist'; shutil.rmtree(out)\""),
  passes("the path module under another name, in temp", "node -e \"const p = require('path'); require('fs').rmSync(p.join(require('os').tmpdir(), 'ts-cache'), {recursive: true, force: true})\""),
  passes("temp joined by +", "node -e \"require('fs').rmSync(require('os').tmpdir() + '/jest-cache', {recursive: true, force: true})\""),
  passes("perl glob in the project", "perl -e 'unlink glob(\"*.orig\")'"),
  passes("ruby Dir.glob in the project", "ruby -e 'File.delete(*Dir.glob(\"log/*.log\"))'"),
];
