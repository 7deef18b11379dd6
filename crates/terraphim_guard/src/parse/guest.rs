//! Programs that run a command somewhere the guard cannot see but the same files can be
//! reached: a Slurm job step or batch job (`srun CMD`, `sbatch --wrap CODE`, on the cluster's
//! shared file system), an Apptainer/Singularity container (`apptainer exec IMAGE CMD`, which
//! binds the home, the working directory and `/tmp` by default) and a WSL distribution
//! (`wsl -e CMD`, `wsl -- CMD`, the Windows drives under `/mnt`). What they run is judged as
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
