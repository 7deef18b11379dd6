//! Programs that run a command somewhere the guard cannot see but the same files can be
//! reached: a Slurm job step or batch job (`srun CMD`, `sbatch --wrap CODE`, on the cluster's
//! shared file system), an Apptainer/Singularity container (`apptainer exec IMAGE CMD`, which
//! binds the home, the working directory and `/tmp` by default) and a WSL distribution
//! (`wsl -e CMD`, `wsl -- CMD`, the Windows drives under `/mnt`), and the shells of other
//! instances of a system (`koha-shell INSTANCE -c CMD`, `lxc exec CTR -- CMD`, `schroot`,
//! `machinectl shell`, `vagrant ssh -c CMD`: [`instance_command`]). What they run is judged as
//! a command of the line; the program's own form keeps its KG decision (submitting a job,
//! starting a container or a distribution stays confined).

/// What a guest runner runs.
pub(super) enum GuestRuns {
    /// An argv starting at this index of `rest`.
    Argv(usize),
    /// Shell code: this word of `rest` (`sbatch --wrap CODE`), or the words from this index
    /// joined, as WSL's default shell reads them (`wsl ls -la ~`).
    Code { at: usize, joined: bool },
}

/// `srun`'s options that take a value when written without `=`.
const SRUN_VALUES: &[&str] = &[
    "-A",
    "--account",
    "-c",
    "--cpus-per-task",
    "-C",
    "--constraint",
    "-D",
    "--chdir",
    "-d",
    "--dependency",
    "-e",
    "--error",
    "-G",
    "--gpus",
    "--gres",
    "-i",
    "--input",
    "-J",
    "--job-name",
    "-m",
    "--distribution",
    "--mem",
    "--mem-per-cpu",
    "--mem-per-gpu",
    "--mpi",
    "-n",
    "--ntasks",
    "-N",
    "--nodes",
    "--ntasks-per-node",
    "-o",
    "--output",
    "-p",
    "--partition",
    "-q",
    "--qos",
    "-t",
    "--time",
    "-w",
    "--nodelist",
    "-x",
    "--exclude",
    "--export",
    "--reservation",
    "--prolog",
    "--epilog",
    "--task-prolog",
    "--task-epilog",
    "--cpu-bind",
    "--gpus-per-node",
    "--gpus-per-task",
    "--cpus-per-gpu",
];

/// `apptainer exec` / `singularity exec` options that take a value when written without `=`.
const APPTAINER_VALUES: &[&str] = &[
    "-B",
    "--bind",
    "--mount",
    "--env",
    "--env-file",
    "-H",
    "--home",
    "--pwd",
    "-W",
    "--workdir",
    "-o",
    "--overlay",
    "--network",
    "--network-args",
    "--security",
    "--scratch",
    "-S",
    "--app",
    "--hostname",
    "--apply-cgroups",
    "--dns",
    "--drop-caps",
    "--add-caps",
];

/// WSL's options that take a value.
const WSL_VALUES: &[&str] = &[
    "-d",
    "--distribution",
    "-u",
    "--user",
    "--cd",
    "--shell-type",
];

/// Where the command of a job scheduler, an image runtime or WSL starts in `rest`, or `None`
/// when the program is none of them or runs no command (`wsl --list`, `sbatch job.sh`).
pub(super) fn guest_command(name: &str, rest: &[String]) -> Option<GuestRuns> {
    match name {
        "srun" => {
            let at = after_options(rest, 0, SRUN_VALUES)?;
            Some(GuestRuns::Argv(at))
        }
        "sbatch" => rest.iter().enumerate().find_map(|(i, w)| {
            if w == "--wrap" {
                (i + 1 < rest.len()).then_some(GuestRuns::Code {
                    at: i + 1,
                    joined: false,
                })
            } else {
                w.starts_with("--wrap=").then_some(GuestRuns::Code {
                    at: i,
                    joined: false,
                })
            }
        }),
        "apptainer" | "singularity" => {
            // `exec [OPTIONS] IMAGE CMD...`: the image is an operand of its own.
            if rest.first().is_none_or(|w| w != "exec") {
                return None;
            }
            let image = after_options(rest, 1, APPTAINER_VALUES)?;
            (image + 1 < rest.len()).then_some(GuestRuns::Argv(image + 1))
        }
        "wsl" => wsl_command(rest),
        "mpirun" | "mpiexec" | "orterun" => mpi_command(rest),
        _ => instance_command(name, rest),
    }
}

/// Options of the instance shells below that take a value when written without `=`.
const INSTANCE_VALUES: &[&str] = &[
    // lxc / incus exec
    "--env",
    "--user",
    "--group",
    "--cwd",
    "--mode",
    "--project",
    // lxc-attach
    "-n",
    "--name",
    "-P",
    "--lxcpath",
    "-s",
    "--namespaces",
    "-v",
    "--set-var",
    "-L",
    "--pty-log",
    "-f",
    "--rcfile",
    "-u",
    "--uid",
    "-g",
    "--gid",
    // schroot
    "-c",
    "--chroot",
    "-d",
    "--directory",
    "-o",
    "--option",
    // machinectl
    "-E",
    "--setenv",
    "-M",
    "--machine",
    // toolbox
    "--container",
    "--distro",
    "-r",
    "--release",
    // multipass, limactl
    "--working-directory",
    "--workdir",
    "--shell",
];

/// Programs that open a shell in another instance of a system (an application instance's
/// account, a system container, a chroot, a virtual machine, a development container) and run
/// the command given there: `koha-shell INSTANCE -c CMD`, `lxc exec CTR -- CMD`, `incus exec`,
/// `lxc-attach -n CTR -- CMD`, `machinectl shell [USER@]CTR CMD`, `schroot -c CHROOT -- CMD`,
/// `distrobox enter CTR -- CMD`, `toolbox run CMD`, `multipass exec VM -- CMD`, `vagrant ssh
/// -c CMD`, `limactl shell VM CMD`, `ddev exec CMD`, `lando ssh -c CMD`.
/// The command does there what it would do here, to that instance's data and services, so
/// it is judged as a command of the line (`docker exec` and `ssh HOST CMD` are read the same
/// way); the program's own form keeps its KG decision.
fn instance_command(name: &str, rest: &[String]) -> Option<GuestRuns> {
    let dash_c = |from: usize| {
        rest.iter()
            .enumerate()
            .skip(from)
            .find_map(|(i, w)| match w.as_str() {
                "-c" | "--command" => (i + 1 < rest.len()).then_some(GuestRuns::Code {
                    at: i + 1,
                    joined: false,
                }),
                _ if w.starts_with("--command=") => Some(GuestRuns::Code {
                    at: i,
                    joined: false,
                }),
                _ => None,
            })
    };
    let after_dashes = |from: usize| {
        let i = rest.iter().skip(from).position(|w| w == "--")? + from + 1;
        (i < rest.len()).then_some(GuestRuns::Argv(i))
    };
    let sub = rest.first().map(String::as_str);
    match (name, sub) {
        // (`sg GROUP -c CMD` shares its name with ast-grep's `sg`, whose `-c` is a config file.)
        ("koha-shell", _) => dash_c(0),
        ("vagrant" | "lando", Some("ssh")) => dash_c(1),
        ("lxc" | "incus", Some("exec")) | ("multipass", Some("exec")) => {
            let inst = after_options(rest, 1, INSTANCE_VALUES)?;
            let at = inst + 1 + usize::from(rest.get(inst + 1).is_some_and(|w| w == "--"));
            let at = after_options(rest, at, INSTANCE_VALUES).unwrap_or(at);
            (at < rest.len()).then_some(GuestRuns::Argv(at))
        }
        ("lxc-attach", _) => after_dashes(0),
        ("distrobox", Some("enter")) => after_dashes(1),
        ("distrobox-enter", _) => after_dashes(0),
        ("machinectl", Some("shell")) | ("limactl", Some("shell")) => {
            let inst = after_options(rest, 1, INSTANCE_VALUES)?;
            let at = inst + 1 + usize::from(rest.get(inst + 1).is_some_and(|w| w == "--"));
            (at < rest.len()).then_some(GuestRuns::Argv(at))
        }
        ("schroot", _) => {
            if rest.iter().any(|w| {
                matches!(
                    w.as_str(),
                    "-l" | "--list"
                        | "-i"
                        | "--info"
                        | "-b"
                        | "--begin-session"
                        | "-e"
                        | "--end-session"
                        | "--config"
                        | "--location"
                )
            }) {
                return None;
            }
            after_options(rest, 0, INSTANCE_VALUES).map(GuestRuns::Argv)
        }
        ("toolbox", Some("run")) => after_options(rest, 1, INSTANCE_VALUES).map(GuestRuns::Argv),
        ("ddev", Some("exec")) => {
            let at = after_options(rest, 1, &["-s", "--service", "-d", "--dir"])?;
            Some(GuestRuns::Code { at, joined: true })
        }
        _ => None,
    }
}

/// `mpirun` / `mpiexec` options that take one value, and those that take two
/// (`--mca KEY VALUE`, `-genv NAME VALUE`).
const MPI_VALUES: &[&str] = &[
    "-n",
    "-np",
    "--np",
    "-c",
    "--n",
    "-ppn",
    "--map-by",
    "--bind-to",
    "--rank-by",
    "-x",
    "-wdir",
    "--wdir",
    "-output-filename",
    "--output-filename",
    "--timeout",
    "-npernode",
    "--npernode",
    "-N",
];
const MPI_PAIRS: &[&str] = &["--mca", "-mca", "-genv", "-env", "--env"];
/// `mpirun` / `mpiexec` switches that take no value.
const MPI_SWITCHES: &[&str] = &[
    "--oversubscribe",
    "--allow-run-as-root",
    "-v",
    "--verbose",
    "--tag-output",
    "--report-bindings",
    "-q",
    "--quiet",
];
/// Options that name the machines the program is started on.
const MPI_HOST_LISTS: &[&str] = &[
    "-H",
    "--host",
    "-host",
    "--hostfile",
    "-hostfile",
    "-machinefile",
    "--machinefile",
    "-f",
    "--default-hostfile",
];

/// `mpirun [OPTIONS] PROGRAM ARGS...` starts PROGRAM as processes on this machine, judged as
/// PROGRAM is. With a host list (`-H`, `--host`, `--hostfile`, `-machinefile`, `-f`) it runs
/// on other machines, and an unknown option may take a value: both stay the launcher's own.
fn mpi_command(rest: &[String]) -> Option<GuestRuns> {
    let mut i = 0;
    while let Some(w) = rest.get(i) {
        let opt = w.split_once('=').map_or(w.as_str(), |(o, _)| o);
        if !w.starts_with('-') {
            return Some(GuestRuns::Argv(i));
        }
        if MPI_HOST_LISTS.contains(&opt) {
            return None;
        }
        i += if w.contains('=') {
            1
        } else if MPI_PAIRS.contains(&opt) {
            3
        } else if MPI_VALUES.contains(&opt) {
            2
        } else if MPI_SWITCHES.contains(&opt) {
            1
        } else {
            return None;
        };
    }
    None
}

/// The first operand of `rest` from `from` on, skipping options (`--opt=V` and the valued
/// ones given, with their value); `--` ends the options.
fn after_options(rest: &[String], from: usize, valued: &[&str]) -> Option<usize> {
    let mut i = from;
    while let Some(w) = rest.get(i) {
        if w == "--" {
            return (i + 1 < rest.len()).then_some(i + 1);
        }
        if !w.starts_with('-') || w == "-" {
            return Some(i);
        }
        i += if !w.contains('=') && valued.contains(&w.as_str()) {
            2
        } else {
            1
        };
    }
    None
}

/// `wsl [OPTIONS] -e CMD...` runs CMD without a shell; `wsl [OPTIONS] [--] CMD...` hands the
/// words to the distribution's default shell. Any other option (`--list`, `--install`,
/// `--shutdown`) is WSL's own command.
fn wsl_command(rest: &[String]) -> Option<GuestRuns> {
    let mut i = 0;
    while let Some(w) = rest.get(i) {
        let opt = w.split_once('=').map_or(w.as_str(), |(o, _)| o);
        if !w.starts_with('-') {
            break;
        }
        if !WSL_VALUES.contains(&opt) && !matches!(opt, "-e" | "--exec" | "--" | "--system") {
            return None;
        }
        if matches!(opt, "-e" | "--exec") {
            return (i + 1 < rest.len()).then_some(GuestRuns::Argv(i + 1));
        }
        if opt == "--" {
            i += 1;
            break;
        }
        i += if w.contains('=') || !WSL_VALUES.contains(&opt) {
            1
        } else {
            2
        };
    }
    if i >= rest.len() {
        return None;
    }
    // Words the default shell would read differently from their argv (a quoted line, a
    // pipe) are read as its code; plain words are the argv it runs.
    let shell_words = rest[i..]
        .iter()
        .any(|w| w.contains(|c: char| c.is_whitespace() || "|;&<>$`(){}*?".contains(c)));
    Some(if shell_words {
        GuestRuns::Code {
            at: i,
            joined: true,
        }
    } else {
        GuestRuns::Argv(i)
    })
}
