/**
 * Environments and local state wiped at once: a conda environment, every package a manager installed,
 * a toolchain removing itself, local clusters and their backups, and git plumbing that throws work away.
 * First missed on a list written apart from these tables; the near-misses are the same tools doing
 * routine, named or rehearsed work.
 */
import type { HookCase } from "../../../shared/hook-case.ts";
import { asks, denies, passes } from "./make.ts";

export const environmentEvasions: HookCase[] = [
  asks("conda env remove, short name", "conda env remove -n data-science --yes", "environment-remove"),
  asks("conda remove --all", "conda remove --name old --all --yes", "environment-remove"),
  asks("mamba env remove through sudo", "sudo mamba env remove --name ml", "environment-remove"),
  asks("micromamba through env", "env MAMBA_ROOT_PREFIX=/opt/mm micromamba env remove -n x -y", "environment-remove"),
  asks("pip uninstall of the freeze, long option", "pip3 uninstall --yes --requirement <(pip3 freeze --all)", "environment-remove"),
  asks("python -m pip fed by xargs", "python -m pip list --format=freeze | cut -d= -f1 | xargs python -m pip uninstall -y", "environment-remove"),
  asks("uv pip uninstall of a listing", "uv pip uninstall $(uv pip freeze)", "environment-remove"),
  asks("brew uninstall of its own listing, through bash -c", "bash -c 'brew uninstall --ignore-dependencies $(brew list --cask)'", "environment-remove"),
  asks("brew remove through xargs -I", "brew leaves | xargs -I{} brew remove {}", "environment-remove"),
  asks("pipx uninstall-all through a path", "/usr/local/bin/pipx uninstall-all", "environment-remove"),
  asks("gem uninstall -a", "gem uninstall -aIx", "environment-remove"),
  asks("rustup self uninstall", "rustup self uninstall", "environment-remove"),
  asks("opam switch rm", "opam switch rm 4.14.1 --yes", "environment-remove"),
  asks("pacman -R of a listing", "pacman -Rsc $(pacman -Qdtq)", "environment-remove"),
  asks("npm uninstall -g of a listing", "npm ls --global --parseable --depth=0 | xargs npm uninstall --global", "environment-remove"),
  asks("paru -R of a listing", "paru -Rns $(paru -Qqm)", "environment-remove"),
  asks("port uninstall installed", "sudo port -f uninstall active", "environment-remove"),
  asks("minikube delete --all=true", "minikube delete --all=true --purge=false", "kubernetes-delete"),
  asks("nix-env -e of every package", "nix-env --uninstall '*'", "environment-remove"),
  asks("nix profile remove --all", "nix profile remove --all", "environment-remove"),
  asks("flatpak uninstall --all", "flatpak uninstall --all --noninteractive", "environment-remove"),
  asks("minikube delete --all", "minikube delete --all", "kubernetes-delete"),
  asks("minikube delete --purge", "minikube delete -p dev --purge", "kubernetes-delete"),
  asks("kind delete clusters --all", "kind delete clusters -A", "kubernetes-delete"),
  asks("k3d cluster delete -a", "k3d cluster delete -a", "kubernetes-delete"),
  asks("microk8s reset", "sudo microk8s reset", "kubernetes-delete"),
  asks("velero backup delete", "velero backup delete nightly-20260101 --confirm", "kubernetes-delete"),
  denies("git checkout-index --all --force", "git checkout-index --all --force", "git-discard-changes"),
  denies("git checkout-index -af", "git checkout-index -af", "git-discard-changes"),
  denies("git submodule deinit --force", "git submodule deinit --force --all", "git-discard-changes"),
];

export const environmentNearMisses: HookCase[] = [
  passes("conda env list", "conda env list --json"),
  passes("conda env remove, dry run", "conda env remove -n ml --dry-run"),
  passes("conda remove one package", "conda remove -n ml scipy --yes"),
  passes("conda clean", "conda clean --all --yes"),
  passes("pip uninstall of named packages", "pip uninstall -y black isort"),
  passes("pip uninstall from a requirements file", "python -m pip uninstall -y -r requirements-lint.txt"),
  passes("pip freeze to a file", "pip freeze --all > constraints.txt"),
  passes("brew uninstall of one formula", "brew uninstall --force jq"),
  passes("brew list", "brew list --cask"),
  passes("pipx uninstall of one app", "pipx uninstall poetry"),
  passes("gem uninstall of one version", "gem uninstall bundler --version 2.4.0"),
  passes("rustup toolchain remove", "rustup toolchain remove 1.70.0"),
  passes("minikube delete of the default profile", "minikube delete"),
  passes("npm uninstall -g of one package", "npm uninstall -g typescript"),
  passes("nix-env -e of one package", "nix-env -e ripgrep"),
  passes("flatpak uninstall of one app", "flatpak uninstall -y org.videolan.VLC"),
  passes("port uninstall of one port", "port uninstall wget"),
  passes("kind delete of one cluster", "kind delete cluster --name test"),
  passes("k3d cluster list", "k3d cluster list"),
  passes("velero backup describe", "velero backup describe nightly --details"),
  passes("git checkout-index of one file", "git checkout-index -f -- src/app.ts"),
  passes("git checkout-index -a without force", "git checkout-index -a"),
  passes("git submodule deinit without force", "git submodule deinit vendor/lib"),
  passes("git submodule update", "git submodule update --init --recursive"),
];
