//! A worksheet of unique puzzles with its answer key, as two PDFs.
//!
//! `cargo run --release --example worksheet -- 6 sheet.pdf key.pdf`

use knight_tour::io::OutputFormat;
use knight_tour::puzzle::{batch, Spec, Target};
use knight_tour::render::sheet::{self, encode_pages, Sheet, Template};
use knight_tour::render::Theme;
use knight_tour::{Board, Grade};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().as_deref().unwrap_or("6").parse()?;
    let sheet_out = args.next().unwrap_or_else(|| "sheet.pdf".into());
    let key_out = args.next().unwrap_or_else(|| "key.pdf".into());

    let board: Board = "8x8".parse()?;
    let spec = Spec::new(
        board,
        knight_tour::Kind::Open,
        Target::Difficulty(Grade::Medium),
        2026,
    );
    // Puzzle i comes from seed 2026 + i; each is proved unique before it is returned.
    let made = batch(&spec, count, &|| eprint!("."))?;
    eprintln!();

    let template = Template::builtin("a4")?;
    let theme = Theme::builtin("classic")?;
    let title = "Knight's tours".to_string();
    let facts = sheet::Facts {
        board,
        last: board.area(),
        holes: false,
        closed: false,
    };
    let layout = Sheet {
        template: &template,
        theme: &theme,
        per_page: sheet::default_per_page(&template, &title, &facts),
        title,
        caption: sheet::Caption::Seed,
    };
    let items = sheet::items(&made);
    for (answers, out) in [(false, &sheet_out), (true, &key_out)] {
        let pages = sheet::pages(&layout, &items, answers);
        let pdf = encode_pages(&pages, OutputFormat::Pdf, 150.0)?.remove(0);
        std::fs::write(out, pdf)?;
        println!("wrote {out} ({} pages)", pages.len());
    }
    Ok(())
}
