//! Where a GDAL/OGR program writes (rule `cloud_output`): the dataset it writes is one of its
//! operands, at a place each program fixes (the last for `gdal_translate`, `gdalwarp`,
//! `gdal_rasterize`, the first for `ogr2ogr`). A GDAL virtual path to an object store there
//! (`/vsis3/bucket/x.tif`, `/vsigs/`, `/vsiaz/`) writes another machine's bucket with the
//! user's cloud credentials: a publication or an overwrite of data others read, which no
//! build of the project needs. The same path as an input is a read (`gdalinfo /vsis3/...`,
//! `gdalwarp /vsicurl/URL build/x.tif`) and stays with the entries. A database connection as
//! the output (`PG:host=...`) is the KG's (`geospatial load overwrites a remote database`).

use crate::canon::command_basename;
use crate::parse::SimpleCommand;

/// Which operand names the dataset a program writes.
#[derive(Clone, Copy)]
enum Output {
    /// The first dataset operand (`ogr2ogr DST SRC`).
    First,
    /// The last dataset operand (`gdal_translate SRC DST`).
    Last,
}

/// Per program: where its output dataset is among its operands.
const OUTPUT_OPERAND: &[(&str, Output)] = &[
    ("gdal_translate", Output::Last),
    ("gdalwarp", Output::Last),
    ("gdal_rasterize", Output::Last),
    ("gdal_grid", Output::Last),
    ("gdal_contour", Output::Last),
    ("gdaldem", Output::Last),
    ("gdal_merge.py", Output::Last),
    ("gdal_calc.py", Output::Last),
    ("ogr2ogr", Output::First),
    ("gdalbuildvrt", Output::First),
];

/// GDAL's virtual file systems that write to an object store of another machine.
const CLOUD_WRITE_PREFIXES: &[&str] = &[
    "/vsis3/",
    "/vsigs/",
    "/vsiaz/",
    "/vsiadls/",
    "/vsioss/",
    "/vsiswift/",
    "/vsiwebhdfs/",
];

/// GDAL/OGR options whose value is the next word and may look like a path or a file name
/// (`-nln public.roads`, `-cutline area.geojson`, `-sql @q.sql`); the numbers of `-te`,
/// `-spat`, `-projwin` are never datasets.
const VALUE_OPTIONS: &[&str] = &[
    "-f",
    "-of",
    "-co",
    "-lco",
    "-dsco",
    "-oo",
    "-doo",
    "-nln",
    "-nlt",
    "-t_srs",
    "-s_srs",
    "-a_srs",
    "-sql",
    "-where",
    "-select",
    "-dialect",
    "-r",
    "-ot",
    "-b",
    "-mask",
    "-cutline",
    "-cl",
    "-csql",
    "-cwhere",
    "-clipsrc",
    "-clipdst",
    "-clipsrcsql",
    "-clipdstsql",
    "-a",
    "-l",
    "-wo",
    "-wm",
    "-gt",
    "-mapFieldType",
    "-fieldmap",
    "-fid",
    "-ct",
    "-src_color_table",
    "-tileindex",
    "-input_file_list",
    "-exclude",
];

/// The object store path a GDAL/OGR command writes its output dataset to, if it does.
pub(crate) fn cloud_output(cmd: &SimpleCommand) -> Option<String> {
    let name = command_basename(cmd.name());
    let (_, at) = OUTPUT_OPERAND.iter().find(|(p, _)| *p == name)?;
    let mut datasets: Vec<&str> = Vec::new();
    let mut values = 0;
    for word in cmd.argv.iter().skip(1) {
        if values > 0 {
            values -= 1;
            continue;
        }
        if word.starts_with('-') && word.len() > 1 {
            // `-config KEY VALUE` takes two words, the others of the list one.
            values = match word.as_str() {
                "-config" | "--config" => 2,
                w if VALUE_OPTIONS.contains(&w) => 1,
                _ => 0,
            };
            continue;
        }
        if is_dataset(word) {
            datasets.push(word);
        }
    }
    let output = match at {
        Output::First => datasets.first()?,
        Output::Last => datasets.last()?,
    };
    if datasets.len() < 2 {
        // One dataset: the program reads it (`ogr2ogr --formats`, a help line) or the line
        // is not the two-dataset form this rule reads.
        return None;
    }
    CLOUD_WRITE_PREFIXES
        .iter()
        .any(|p| output.contains(p))
        .then(|| (*output).to_string())
}

/// Whether an operand names a dataset: a path, a GDAL virtual path or a database connection,
/// not an option's value such as a format name (`GPKG`), a projection (`EPSG:3857`), a number
/// or an SQL text.
fn is_dataset(text: &str) -> bool {
    if text.starts_with("PG:") || text.starts_with("/vsi") {
        return true;
    }
    if text.contains(char::is_whitespace) || text.contains(['=', ':']) {
        return false;
    }
    if text.parse::<f64>().is_ok() {
        return false;
    }
    text.contains('/')
        || text
            .rsplit_once('.')
            .is_some_and(|(stem, ext)| !stem.is_empty() && ext.chars().any(|c| c.is_alphabetic()))
}
