//! Fonts for every script: the bundled DejaVu Sans first, then the fonts the user gives
//! (`--font FILE`), then the system's fonts, searched only when a character is missing from
//! the others (so a drawing of digits never pays for the search).
//!
//! The render floor never opens a file: the command line hands over font bytes and a loader
//! for the system's fonts. Faces are chosen in a fixed order (sans before serif, the asked
//! language's Han forms first, then family name and file), so the same text gives the same
//! drawing on the same machine. Characters no font has are remembered, for a warning.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex, OnceLock, RwLock};

use resvg::usvg::fontdb;
use ttf_parser::Face;

/// The bundled bold font's bytes (DejaVu Sans Bold, from the `dejavu` crate).
pub fn font_bytes() -> &'static [u8] {
    dejavu::sans::bold()
}

/// The bundled regular weight, for running text on worksheets.
pub fn regular_font_bytes() -> &'static [u8] {
    dejavu::sans::regular()
}

/// The bundled font's family name.
pub const FAMILY: &str = "DejaVu Sans";

/// The `font-family` of text in SVG: the bundled font, then any sans-serif a viewer has (a
/// browser falls back per character; our own renderers fall back through this module).
pub const FAMILIES: &str = "DejaVu Sans, sans-serif";

/// A face ready to shape: its parsed tables and where its bytes live.
pub struct Loaded {
    /// The parsed face.
    pub face: Face<'static>,
    /// Its family name, as fontdb (and so usvg) knows it.
    pub family: String,
    data: &'static [u8],
    index: u32,
    bold: bool,
}

impl Loaded {
    fn new(data: &'static [u8], index: u32) -> Option<Loaded> {
        let face = Face::parse(data, index).ok()?;
        let bold = face.is_bold() || face.weight().to_number() >= 600;
        Some(Loaded {
            family: family_of(&face),
            face,
            data,
            index,
            bold,
        })
    }

    /// Font units per em.
    pub fn units_per_em(&self) -> f64 {
        self.face.units_per_em() as f64
    }
}

/// Finds the system's fonts (the command line supplies it; tests may too).
pub type SystemLoader = Box<dyn Fn() -> fontdb::Database + Send + Sync>;

#[derive(Default)]
struct Registry {
    user: Vec<&'static Loaded>,
    loader: Option<Arc<SystemLoader>>,
    system: Option<Arc<fontdb::Database>>,
    /// System faces already taken, by (source order, bold); searched before the database.
    chosen: Vec<(fontdb::ID, &'static Loaded)>,
    missing: BTreeSet<char>,
    /// Characters already looked up in the system's fonts, by weight.
    decided: BTreeMap<(char, bool), &'static Loaded>,
    /// Preferred Han forms: "SC", "TC", "HK", "JP" or "KR".
    han: Option<&'static str>,
}

fn registry() -> &'static RwLock<Registry> {
    static R: OnceLock<RwLock<Registry>> = OnceLock::new();
    R.get_or_init(|| RwLock::new(Registry::default()))
}

fn bundled() -> &'static [Loaded; 2] {
    static B: OnceLock<[Loaded; 2]> = OnceLock::new();
    B.get_or_init(|| {
        let load = |d: &'static [u8]| Loaded::new(d, 0).expect("the bundled font parses");
        [load(regular_font_bytes()), load(font_bytes())]
    })
}

/// Why a font file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("it is not a TrueType or OpenType font (or collection)")]
pub struct NotAFont;

/// Adds a font (a TrueType/OpenType file or collection) after the bundled one; returns the
/// family names of its faces. Its faces are tried, in order, for every character the bundled
/// font lacks.
pub fn add_font(bytes: Vec<u8>) -> Result<Vec<String>, NotAFont> {
    let n = ttf_parser::fonts_in_collection(&bytes).unwrap_or(1);
    if Face::parse(&bytes, 0).is_err() {
        return Err(NotAFont);
    }
    let data: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    let mut names = Vec::new();
    let mut reg = registry().write().unwrap_or_else(|e| e.into_inner());
    for index in 0..n {
        if let Some(l) = Loaded::new(data, index) {
            names.push(l.family.clone());
            reg.user.push(Box::leak(Box::new(l)));
        }
    }
    Ok(names)
}

/// Lets characters that no bundled or given font has be looked up in the system's fonts,
/// found by `loader` the first time one is needed.
pub fn use_system_fonts(loader: SystemLoader) {
    let mut reg = registry().write().unwrap_or_else(|e| e.into_inner());
    reg.loader = Some(Arc::new(loader));
}

/// Prefers the Han forms of a language (`zh`/`zh-Hans`: simplified, `zh-Hant`/`zh-TW`:
/// traditional, `zh-HK`, `ja`, `ko`) when a system font is chosen for a Han character.
pub fn prefer_language(tag: &str) {
    let t = tag.to_ascii_lowercase();
    let han = if t.starts_with("ja") {
        "JP"
    } else if t.starts_with("ko") {
        "KR"
    } else if t.starts_with("zh-hk") {
        "HK"
    } else if t.starts_with("zh-hant") || t.starts_with("zh-tw") {
        "TC"
    } else {
        "SC"
    };
    registry().write().unwrap_or_else(|e| e.into_inner()).han = Some(han);
}

/// The face that draws `c` (bold or regular as asked, where the font has both), or `None`
/// (and `c` is remembered as missing) when no font has it.
pub fn face_for(c: char, bold: bool) -> Option<&'static Loaded> {
    let b = &bundled()[usize::from(bold)];
    if c.is_control() || b.face.glyph_index(c).is_some() {
        return Some(b);
    }
    {
        let reg = registry().read().unwrap_or_else(|e| e.into_inner());
        if let Some(l) = pick(reg.user.iter().copied(), c, bold) {
            return Some(l);
        }
        if let Some(l) = pick(reg.chosen.iter().map(|(_, l)| *l), c, bold) {
            if l.bold == bold {
                return Some(l);
            }
        }
        if let Some(l) = reg.decided.get(&(c, bold)) {
            return Some(*l);
        }
        if reg.missing.contains(&c) {
            return None;
        }
    }
    let mut reg = registry().write().unwrap_or_else(|e| e.into_inner());
    let found = search_system(&mut reg, c, bold);
    match found {
        Some(l) => {
            reg.decided.insert((c, bold), l);
        }
        None => {
            reg.missing.insert(c);
        }
    }
    found
}

/// The first face with `c`, of the weight asked if one has it.
fn pick<'a>(
    faces: impl Iterator<Item = &'a Loaded> + Clone,
    c: char,
    bold: bool,
) -> Option<&'a Loaded> {
    let has = |l: &&Loaded| l.face.glyph_index(c).is_some();
    faces
        .clone()
        .filter(has)
        .find(|l| l.bold == bold)
        .or_else(|| faces.clone().find(has))
}

fn search_system(reg: &mut Registry, c: char, bold: bool) -> Option<&'static Loaded> {
    if reg.system.is_none() {
        let loader = reg.loader.clone()?;
        reg.system = Some(Arc::new(loader()));
    }
    let db = reg.system.clone()?;
    let han = reg.han.unwrap_or("SC");
    // Sans before serif, the language's forms first, the weight asked, then by name and file
    // for an order that does not depend on how the directories were read.
    let mut faces: Vec<(_, fontdb::ID)> = db
        .faces()
        .map(|f| {
            let family = f
                .families
                .first()
                .map(|(n, _)| n.clone())
                .unwrap_or_default();
            let path = match &f.source {
                fontdb::Source::File(p) | fontdb::Source::SharedFile(p, _) => {
                    p.display().to_string()
                }
                fontdb::Source::Binary(_) => String::new(),
            };
            let wants_bold = (f.weight.0 >= 600) != bold;
            let serif = family.contains("Serif") || family.contains("Mono");
            let lang = !family.split(' ').any(|w| w == han);
            ((serif, lang, wants_bold, family, path, f.index), f.id)
        })
        .collect();
    faces.sort();
    let mut first_any = None;
    for (_, id) in faces {
        if let Some(&(_, l)) = reg.chosen.iter().find(|(i, _)| *i == id) {
            if l.face.glyph_index(c).is_some() {
                return Some(l);
            }
            continue;
        }
        let has = db.with_face_data(id, |data, index| {
            Face::parse(data, index).is_ok_and(|f| f.glyph_index(c).is_some())
        });
        if has != Some(true) {
            continue;
        }
        first_any = Some(id);
        break;
    }
    let id = first_any?;
    let loaded = db.with_face_data(id, |data, index| {
        let data: &'static [u8] = Box::leak(data.to_vec().into_boxed_slice());
        Loaded::new(data, index)
    })??;
    let l: &'static Loaded = Box::leak(Box::new(loaded));
    reg.chosen.push((id, l));
    Some(l)
}

/// `text` cut into runs that one face draws, each with that face's family (so usvg and
/// browsers take the face chosen here, not a fallback of their own that may draw Greek in a
/// CJK font); a combining mark stays with its base, and a character no face has with the run
/// before it.
pub fn runs(text: &str, bold: bool) -> Vec<(&'static str, String)> {
    let mut out: Vec<(&'static str, String)> = Vec::new();
    for c in text.chars() {
        let combining = ('\u{300}'..='\u{36f}').contains(&c);
        let family = match face_for(c, bold) {
            Some(l) if !combining => Some(l.family.as_str()),
            _ => None,
        };
        match (out.last_mut(), family) {
            (Some((f, run)), Some(fam)) if *f == fam => run.push(c),
            (Some((_, run)), None) => run.push(c),
            (_, fam) => out.push((fam.unwrap_or(FAMILY), c.to_string())),
        }
    }
    out
}

/// Takes the characters that no font had since the last call, in order.
pub fn take_missing() -> Vec<char> {
    let mut reg = registry().write().unwrap_or_else(|e| e.into_inner());
    std::mem::take(&mut reg.missing).into_iter().collect()
}

/// Makes sure every character of `text` has its face loaded (so the font database for usvg
/// has it), in both weights if `bold` is asked too.
pub fn prepare(text: &str, bold: bool) {
    let mut seen = BTreeSet::new();
    for c in text.chars().filter(|c| !c.is_ascii()) {
        if seen.insert(c) {
            face_for(c, false);
            if bold {
                face_for(c, true);
            }
        }
    }
}

/// The font database for usvg: the bundled faces, then the user's, then the system faces
/// chosen so far, in that order (usvg's fallback takes the first face with a character).
pub fn database() -> Arc<fontdb::Database> {
    static CACHE: Mutex<Option<(usize, Arc<fontdb::Database>)>> = Mutex::new(None);
    let reg = registry().read().unwrap_or_else(|e| e.into_inner());
    let count = reg.user.len() + reg.chosen.len();
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((n, db)) = cache.as_ref() {
        if *n == count {
            return db.clone();
        }
    }
    let mut db = fontdb::Database::new();
    let mut seen = BTreeMap::new();
    let bundled = bundled().iter();
    let all = bundled
        .chain(reg.user.iter().copied())
        .chain(reg.chosen.iter().map(|(_, l)| *l));
    for l in all {
        // A collection is loaded once: fontdb adds all its faces.
        if seen.insert(l.data.as_ptr() as usize, l.index).is_none() {
            db.load_font_source(fontdb::Source::Binary(Arc::new(l.data)));
        }
    }
    let family = FAMILY;
    db.set_sans_serif_family(family);
    db.set_serif_family(family);
    db.set_monospace_family(family);
    db.set_cursive_family(family);
    db.set_fantasy_family(family);
    let db = Arc::new(db);
    *cache = Some((count, db.clone()));
    db
}

/// usvg's choice of a face for a character the asked family lacks: the face [`face_for`]
/// chose (usvg's own choice would take the first face of a collection, such as the Japanese
/// forms for Chinese text).
pub fn fallback(c: char, exclude: &[fontdb::ID], db: &fontdb::Database) -> Option<fontdb::ID> {
    let bold = exclude
        .first()
        .and_then(|id| db.face(*id))
        .is_some_and(|f| f.weight.0 >= 600);
    let l = face_for(c, bold)?;
    db.faces()
        .find(|f| {
            f.index == l.index
                && match &f.source {
                    fontdb::Source::Binary(d) => (**d).as_ref().as_ptr() == l.data.as_ptr(),
                    _ => false,
                }
        })
        .map(|f| f.id)
        .filter(|id| !exclude.contains(id))
}

/// The English family name of a face (else its first).
fn family_of(face: &Face<'_>) -> String {
    let names = face.names();
    let by = |id| {
        names
            .into_iter()
            .filter(|n| n.name_id == id && n.is_unicode())
            .find_map(|n| n.to_string())
    };
    by(ttf_parser::name_id::TYPOGRAPHIC_FAMILY)
        .or_else(|| by(ttf_parser::name_id::FAMILY))
        .unwrap_or_else(|| "unnamed".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_greek_and_cyrillic_come_from_the_bundled_font() {
        for c in ['A', 'é', 'Ω', 'Ж', '1'] {
            let l = face_for(c, true).expect("bundled");
            assert!(std::ptr::eq(l, &bundled()[1]), "{c}");
        }
    }

    #[test]
    fn a_file_that_is_not_a_font_is_refused() {
        assert_eq!(add_font(b"not a font".to_vec()), Err(NotAFont));
    }
}
