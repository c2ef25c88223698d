use boardwright::generator::*;
fn cpu_secs() -> f64 {
    let s = std::fs::read_to_string("/proc/self/stat").unwrap();
    let rest = &s[s.rfind(')').unwrap() + 2..];
    let f: Vec<&str> = rest.split(' ').collect();
    (f[11].parse::<f64>().unwrap() + f[12].parse::<f64>().unwrap()) / 100.0
}
#[test]
fn tmp_perf() {
    let paper = Generator::new(paper_board(), GeneratorConfig { players: 4, layout: Layout::Paper, plan: RegionPlan::seed(), ..Default::default() }).unwrap();
    let t = cpu_secs();
    let n: u64 = std::env::var("NP").map(|v| v.parse().unwrap()).unwrap_or(40000);
    for s in 0..n { std::hint::black_box(paper.generate(s).unwrap()); }
    let dt = cpu_secs() - t;
    println!("paper: {:.1} us/board cpu, {:.0}/s", dt / n as f64 * 1e6, n as f64 / dt);
    let big = Generator::new(boardwright::presets::square_grid(100, 100), GeneratorConfig { players: 4, plan: RegionPlan::seed(), ..Default::default() }).unwrap();
    let t = cpu_secs();
    let n = 100;
    for s in 0..n { std::hint::black_box(big.generate(s).unwrap()); }
    let dt = cpu_secs() - t;
    println!("100x100: {:.2} ms/board cpu, {:.0}/s", dt / n as f64 * 1e3, n as f64 / dt);
}
